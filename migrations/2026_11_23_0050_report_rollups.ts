import { sql, type Kysely } from 'kysely';

// What the reports count, kept up to date by the database as rows change, so a report over thousands
// of projects sums a few rows per project instead of walking every NDA and every event:
// - report_nda_moves: each NDA's sending, signing and recall, once a month (the rule the monthly lists
//   count by), written from the events table; it lives as long as the NDA's group, as those events
//   count only while their group exists;
// - report_project_months: per project and month, the NDAs moved (from report_nda_moves) and the groups
//   created;
// - report_project_ndas: per project, its groups' NDAs by state. An NDA is active when it has a
//   thread, so ndas.thread_count follows comment_threads.
// Triggers keep them, whoever writes (the commands, a seed, a restore). A delete only ever decrements a
// row its insert made, and never inserts one: while a project is deleted, its rows go with it.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table ndas add column thread_count integer not null default 0`.execute(db);
  await sql`
    create table report_nda_moves (
      nda_id integer not null,
      status varchar(32) not null,
      month date not null,
      project_id integer not null,
      project_branch_id integer not null references project_branches(id) on delete cascade,
      primary key (nda_id, status, month)
    )`.execute(db);
  await sql`create index report_nda_moves_branch_idx on report_nda_moves (project_branch_id, month) include (status)`.execute(
    db,
  );
  await sql`
    create table report_project_months (
      project_id integer not null references projects(id) on delete cascade,
      kind varchar(32) not null,
      month date not null,
      number integer not null,
      primary key (project_id, kind, month)
    )`.execute(db);
  await sql`
    create table report_project_ndas (
      project_id integer primary key references projects(id) on delete cascade,
      total integer not null default 0,
      signed integer not null default 0,
      unsigned integer not null default 0,
      active integer not null default 0,
      recalled integer not null default 0
    )`.execute(db);
  // The median time to sign reads the signed NDAs of the projects alone.
  await sql`create index ndas_signed_report_idx on ndas (project_id) include (sent_at, signed_at)
    where is_signed and project_branch_id is not null`.execute(db);

  await sql`
    create function report_month_add(p_project integer, p_kind varchar, p_month date, p_delta integer) returns void
    language plpgsql as $$
    begin
      if p_delta > 0 then
        insert into report_project_months as r (project_id, kind, month, number)
        values (p_project, p_kind, p_month, p_delta)
        on conflict (project_id, kind, month) do update set number = r.number + excluded.number;
      else
        update report_project_months set number = number + p_delta
        where project_id = p_project and kind = p_kind and month = p_month;
      end if;
    end $$`.execute(db);

  await sql`
    create function report_event_moves() returns trigger language plpgsql as $$
    begin
      insert into report_nda_moves (nda_id, status, month, project_id, project_branch_id)
      values (new.nda_id, new.status, date_trunc('month', new.created_at at time zone 'UTC')::date, new.project_id,
              new.project_branch_id)
      on conflict do nothing;
      return null;
    end $$`.execute(db);

  await sql`
    create function report_nda_moves_months() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform report_month_add(new.project_id, new.status, new.month, 1);
      else
        perform report_month_add(old.project_id, old.status, old.month, -1);
      end if;
      return null;
    end $$`.execute(db);

  await sql`
    create function report_group_months() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform report_month_add(new.project_id, 'groups', date_trunc('month', new.created_at at time zone 'UTC')::date, 1);
      else
        perform report_month_add(old.project_id, 'groups', date_trunc('month', old.created_at at time zone 'UTC')::date, -1);
      end if;
      return null;
    end $$`.execute(db);

  // An NDA's share of its project's counts: the states as the reports define them (shared/reports.ts).
  await sql`
    create function report_nda_states() returns trigger language plpgsql as $$
    declare
      d integer[] := array[0, 0, 0, 0, 0];
      sign integer;
      r ndas;
    begin
      foreach sign in array array[-1, 1] loop
        if sign = -1 and tg_op in ('UPDATE', 'DELETE') then r := old;
        elsif sign = 1 and tg_op in ('INSERT', 'UPDATE') then r := new;
        else continue;
        end if;
        continue when r.project_branch_id is null;
        d[1] := d[1] + sign;
        d[2] := d[2] + sign * (r.is_signed)::int;
        d[3] := d[3] + sign * (r.is_sent and not r.is_signed and not r.is_recalled)::int;
        d[4] := d[4] + sign * (r.is_sent and not r.is_signed and not r.is_recalled and r.thread_count > 0)::int;
        d[5] := d[5] + sign * (r.is_recalled and not r.is_signed)::int;
      end loop;
      if d = array[0, 0, 0, 0, 0] then return null; end if;
      if tg_op = 'DELETE' then
        update report_project_ndas set total = total + d[1], signed = signed + d[2], unsigned = unsigned + d[3],
          active = active + d[4], recalled = recalled + d[5]
        where project_id = old.project_id;
      else
        insert into report_project_ndas as p (project_id, total, signed, unsigned, active, recalled)
        values (new.project_id, d[1], d[2], d[3], d[4], d[5])
        on conflict (project_id) do update set total = p.total + d[1], signed = p.signed + d[2],
          unsigned = p.unsigned + d[3], active = p.active + d[4], recalled = p.recalled + d[5];
      end if;
      return null;
    end $$`.execute(db);

  await sql`
    create function report_nda_threads() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        update ndas set thread_count = thread_count + 1 where id = new.nda_id;
      else
        update ndas set thread_count = thread_count - 1 where id = old.nda_id;
      end if;
      return null;
    end $$`.execute(db);

  // What is there already, counted before the triggers count what comes next.
  await sql`update ndas n set thread_count = t.count
    from (select nda_id, count(*)::int as count from comment_threads group by nda_id) t where t.nda_id = n.id`.execute(
    db,
  );
  await sql`
    insert into report_project_ndas (project_id, total, signed, unsigned, active, recalled)
    select project_id, count(*),
      count(*) filter (where is_signed),
      count(*) filter (where is_sent and not is_signed and not is_recalled),
      count(*) filter (where is_sent and not is_signed and not is_recalled and thread_count > 0),
      count(*) filter (where is_recalled and not is_signed)
    from ndas where project_branch_id is not null group by project_id`.execute(db);
  await sql`
    insert into report_nda_moves (nda_id, status, month, project_id, project_branch_id)
    select distinct nda_id, status, date_trunc('month', created_at at time zone 'UTC')::date, project_id, project_branch_id
    from events
    where status in ('nda_sent', 'nda_signed', 'nda_recalled') and nda_id is not null and project_branch_id is not null
    on conflict do nothing`.execute(db);
  await sql`
    insert into report_project_months (project_id, kind, month, number)
    select project_id, status, month, count(*) from report_nda_moves group by 1, 2, 3
    union all
    select project_id, 'groups', date_trunc('month', created_at at time zone 'UTC')::date, count(*)
    from project_branches group by 1, 2, 3`.execute(db);
  await sql`
    create trigger events_report_moves after insert on events for each row
    when (new.status in ('nda_sent', 'nda_signed', 'nda_recalled') and new.nda_id is not null
          and new.project_branch_id is not null)
    execute function report_event_moves()`.execute(db);
  await sql`
    create trigger report_nda_moves_months after insert or delete on report_nda_moves for each row
    execute function report_nda_moves_months()`.execute(db);
  await sql`
    create trigger project_branches_report_months after insert or delete on project_branches for each row
    execute function report_group_months()`.execute(db);
  await sql`
    create trigger ndas_report_states after insert or update or delete on ndas for each row
    execute function report_nda_states()`.execute(db);
  await sql`
    create trigger comment_threads_report_count after insert or delete on comment_threads for each row
    execute function report_nda_threads()`.execute(db);
  // The events' own index for the monthly lists: report_nda_moves now answers them.
  await sql`drop index if exists events_nda_moves_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index events_nda_moves_idx on events (project_branch_id, created_at) include (status, nda_id)
    where status in ('nda_sent', 'nda_signed', 'nda_recalled')`.execute(db);
  await sql`drop trigger comment_threads_report_count on comment_threads`.execute(db);
  await sql`drop trigger ndas_report_states on ndas`.execute(db);
  await sql`drop trigger project_branches_report_months on project_branches`.execute(db);
  await sql`drop trigger events_report_moves on events`.execute(db);
  await sql`drop table report_project_ndas, report_project_months, report_nda_moves`.execute(db);
  await sql`drop function report_nda_threads, report_nda_states, report_group_months, report_nda_moves_months,
    report_event_moves, report_month_add`.execute(db);
  await sql`drop index ndas_signed_report_idx`.execute(db);
  await sql`alter table ndas drop column thread_count`.execute(db);
}
