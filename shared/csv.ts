import { CsvError, parse } from 'csv-parse/browser/esm/sync';

/*
 * CSV reading is csv-parse's job. Its browser ESM build is imported because this module is shared:
 * it carries its own Buffer, so the same import runs under Vite and under Node.
 */
export class CsvSyntaxError extends Error {
  constructor(
    message: string,
    /** 1-based line of the file where the problem starts. */
    readonly line: number,
  ) {
    super(message);
  }
}

/** Comma, or semicolon when the first line has semicolons and no commas (spreadsheets in many locales). */
export function detectDelimiter(text: string): ',' | ';' {
  const firstLine = text.split(/\r\n|\n|\r/, 1)[0] ?? '';
  return !firstLine.includes(',') && firstLine.includes(';') ? ';' : ',';
}

/**
 * Every record of the text as an array of fields (RFC 4180: records end with CRLF, LF or CR, quoted
 * fields hold delimiters, line breaks and doubled quotes). A leading BOM is dropped, a final line break
 * ends the last record, blank lines stay as records so that row numbers match the file's. Lenient where
 * spreadsheets are sloppy (a stray quote is kept as text, rows may be short); a quoted field that never
 * ends is a CsvSyntaxError naming the line where its record starts.
 */
export function parseCsv(input: string, delimiter: string = detectDelimiter(input)): string[][] {
  let lastRecordLine = 0;
  try {
    return parse(input, {
      bom: true,
      delimiter,
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_quotes: true,
      relax_column_count: true,
      on_record: (record: string[], context) => {
        lastRecordLine = context.lines;
        return record;
      },
    }) as string[][];
  } catch (err) {
    if (err instanceof CsvError && err.code === 'CSV_QUOTE_NOT_CLOSED') {
      const line = lastRecordLine + 1;
      throw new CsvSyntaxError(`A quoted field starting on line ${line} is never closed.`, line);
    }
    if (err instanceof CsvError) throw new CsvSyntaxError(err.message, lastRecordLine + 1);
    throw err;
  }
}

/**
 * One CSV field as RFC 4180 writes it (quoted when it holds a comma, quote or line break). A text
 * that a spreadsheet would run as a formula (starting with =, +, -, @, tab or carriage return) is
 * given a leading apostrophe, so an exported comment cannot become a formula on the adviser's machine.
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV file of a header and rows, with CRLF line ends and a BOM so spreadsheets read it as UTF-8. */
export function csvText(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | null>>): string {
  return `\uFEFF${[header, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** True when every field of a record is blank (empty lines, rows of empty cells). */
export function isBlankRecord(record: readonly string[]): boolean {
  return record.every((f) => f.trim() === '');
}

// ---------------------------------------------------------------------------------------------
// The buyers list (contacts CSV): first_name, last_name, email.

export const CONTACT_CSV_COLUMNS = ['first_name', 'last_name', 'email'] as const;
export const CONTACT_CSV_TEMPLATE =
  'first_name,last_name,email\r\nJane,Doe,jane.doe@example.com\r\nJohn,Smith,john.smith@example.com\r\n';
export const CONTACT_CSV_TEMPLATE_NAME = 'buyers-list-template.csv';
export const MAX_CONTACT_CSV_BYTES = 1024 * 1024;
export const MAX_CONTACT_CSV_ROWS = 2000;

type ContactColumn = 'firstName' | 'lastName' | 'email';
const HEADER_ALIASES: Record<string, ContactColumn> = {
  firstname: 'firstName',
  first: 'firstName',
  givenname: 'firstName',
  lastname: 'lastName',
  last: 'lastName',
  surname: 'lastName',
  familyname: 'lastName',
  email: 'email',
  emailaddress: 'email',
  mail: 'email',
};

/** 'First name', 'first_name', 'FIRST-NAME' and 'firstname' all name the same column. */
export function contactColumnOf(header: string): ContactColumn | undefined {
  return HEADER_ALIASES[
    header
      .trim()
      .toLowerCase()
      .replace(/[\s_-]+/g, '')
  ];
}

export interface ContactCsvRow {
  /** The record's number in the file as a spreadsheet counts it: the header is row 1. */
  row: number;
  firstName: string;
  lastName: string;
  email: string;
}

export type ContactCsvRead =
  | { ok: true; rows: ContactCsvRow[] }
  | { ok: false; problem: 'syntax'; line: number; message: string }
  | { ok: false; problem: 'columns'; missing: ContactColumn[] }
  | { ok: false; problem: 'empty' }
  | { ok: false; problem: 'too_many_rows' };

/** Reads a buyers list: a header row naming the three columns (any order, extra columns ignored), then one contact per row. */
export function readContactCsv(text: string): ContactCsvRead {
  let records: string[][];
  try {
    records = parseCsv(text);
  } catch (err) {
    if (err instanceof CsvSyntaxError) return { ok: false, problem: 'syntax', line: err.line, message: err.message };
    throw err;
  }
  const numbered = records.map((fields, index) => ({ fields, row: index + 1 })).filter((r) => !isBlankRecord(r.fields));
  const header = numbered.shift();
  if (!header) return { ok: false, problem: 'empty' };
  const index: Partial<Record<ContactColumn, number>> = {};
  header.fields.forEach((name, i) => {
    const column = contactColumnOf(name);
    if (column && index[column] === undefined) index[column] = i;
  });
  const missing = (['firstName', 'lastName', 'email'] as const).filter((c) => index[c] === undefined);
  if (missing.length) return { ok: false, problem: 'columns', missing };
  if (numbered.length === 0) return { ok: false, problem: 'empty' };
  if (numbered.length > MAX_CONTACT_CSV_ROWS) return { ok: false, problem: 'too_many_rows' };
  const cell = (fields: string[], column: ContactColumn) => (fields[index[column]!] ?? '').trim();
  return {
    ok: true,
    rows: numbered.map(({ fields, row }) => ({
      row,
      firstName: cell(fields, 'firstName'),
      lastName: cell(fields, 'lastName'),
      email: cell(fields, 'email'),
    })),
  };
}

/**
 * The text of an uploaded CSV, or null when the bytes are not text (a spreadsheet, PDF or image
 * renamed .csv). UTF-8 first; spreadsheets that save in Windows-1252 are read as such.
 */
export function decodeCsvBytes(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** A buyers list is judged by its name first (a .csv file), on both sides, before its content is read. */
export function isCsvFileName(name: string | null | undefined): boolean {
  return /\.csv$/i.test(name ?? '');
}
