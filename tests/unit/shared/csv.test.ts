import { describe, expect, it } from 'vitest';
import {
  CONTACT_CSV_TEMPLATE,
  contactColumnOf,
  CsvSyntaxError,
  csvField,
  csvText,
  detectDelimiter,
  isCsvFileName,
  MAX_CONTACT_CSV_ROWS,
  parseCsv,
  readContactCsv,
} from '@shared/csv.js';

describe('parseCsv (RFC 4180)', () => {
  it('splits records on CRLF, LF and CR and fields on commas', () => {
    expect(parseCsv('a,b,c\r\n1,2,3\n4,5,6\r7,8,9')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
      ['4', '5', '6'],
      ['7', '8', '9'],
    ]);
  });

  it('does not add an empty record for a final line break', () => {
    expect(parseCsv('a,b\r\n')).toEqual([['a', 'b']]);
    expect(parseCsv('a,b\n')).toEqual([['a', 'b']]);
  });

  it('keeps empty fields, including trailing ones', () => {
    expect(parseCsv(',a,,\n')).toEqual([['', 'a', '', '']]);
  });

  it('reads quoted fields with delimiters, line breaks and doubled quotes', () => {
    expect(parseCsv('"Doe, Jane","say ""hi""","line1\r\nline2"\n')).toEqual([
      ['Doe, Jane', 'say "hi"', 'line1\r\nline2'],
    ]);
    expect(parseCsv('"",x')).toEqual([['', 'x']]);
  });

  it('drops a UTF-8 byte order mark', () => {
    expect(parseCsv('\uFEFFemail\nx@y.z')).toEqual([['email'], ['x@y.z']]);
  });

  it('is lenient with stray quotes: kept as text, never an error', () => {
    expect(parseCsv('O"Brien,"a"b')).toEqual([['O"Brien', '"a"b']]);
  });

  it('keeps blank lines as records, so that row numbers match the file', () => {
    expect(parseCsv('x\r\n\r\ny\r\n,,\r\n')).toEqual([['x'], [''], ['y'], ['', '', '']]);
  });

  it('throws a CsvSyntaxError naming the line of a quoted field that never ends', () => {
    let error: unknown;
    try {
      parseCsv('a,b\n1,2\n"open,3\n4,5');
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(CsvSyntaxError);
    expect((error as CsvSyntaxError).line).toBe(3);
  });

  it('answers no records for empty text', () => {
    expect(parseCsv('')).toEqual([]);
  });

  it('detects semicolon-separated files by their first line', () => {
    expect(detectDelimiter('first_name;last_name;email\n')).toBe(';');
    expect(detectDelimiter('first_name,last_name;x\n')).toBe(',');
    expect(parseCsv('a;b\n1;"2;3"')).toEqual([
      ['a', 'b'],
      ['1', '2;3'],
    ]);
  });
});

describe('readContactCsv', () => {
  it('reads the template', () => {
    const read = readContactCsv(CONTACT_CSV_TEMPLATE);
    expect(read).toEqual({
      ok: true,
      rows: [
        { row: 2, firstName: 'Jane', lastName: 'Doe', email: 'jane.doe@example.com' },
        { row: 3, firstName: 'John', lastName: 'Smith', email: 'john.smith@example.com' },
      ],
    });
  });

  it('accepts the spreadsheet headings in any order, ignores extra columns and blank rows, trims cells', () => {
    const read = readContactCsv(
      'Email,Notes,Last name,First name\r\n\r\n  a@b.co , x, Doe ,Ann\r\n,,,\r\nc@d.co,,Roe,Bob\r\n',
    );
    expect(read).toEqual({
      ok: true,
      rows: [
        { row: 3, firstName: 'Ann', lastName: 'Doe', email: 'a@b.co' },
        { row: 5, firstName: 'Bob', lastName: 'Roe', email: 'c@d.co' },
      ],
    });
  });

  it('maps header spellings to columns', () => {
    expect(contactColumnOf('First name')).toBe('firstName');
    expect(contactColumnOf('first_name')).toBe('firstName');
    expect(contactColumnOf(' LAST-NAME ')).toBe('lastName');
    expect(contactColumnOf('E-mail')).toBe('email');
    expect(contactColumnOf('Email address')).toBe('email');
    expect(contactColumnOf('phone')).toBeUndefined();
  });

  it('keeps short rows (missing cells are empty)', () => {
    const read = readContactCsv('first_name,last_name,email\nAnn');
    expect(read).toEqual({ ok: true, rows: [{ row: 2, firstName: 'Ann', lastName: '', email: '' }] });
  });

  it('reports missing columns, an empty file, a header with no rows, too many rows and bad quoting', () => {
    expect(readContactCsv('name,email\nAnn,a@b.co')).toEqual({
      ok: false,
      problem: 'columns',
      missing: ['firstName', 'lastName'],
    });
    expect(readContactCsv('')).toEqual({ ok: false, problem: 'empty' });
    expect(readContactCsv('\r\n\r\n')).toEqual({ ok: false, problem: 'empty' });
    expect(readContactCsv('first_name,last_name,email\r\n')).toEqual({ ok: false, problem: 'empty' });
    const many = 'first_name,last_name,email\n' + 'a,b,c@d.ef\n'.repeat(MAX_CONTACT_CSV_ROWS + 1);
    expect(readContactCsv(many)).toEqual({ ok: false, problem: 'too_many_rows' });
    expect(readContactCsv('first_name,last_name,email\n"Ann,Doe,a@b.co')).toMatchObject({
      ok: false,
      problem: 'syntax',
      line: 2,
    });
  });
});

describe('decodeCsvBytes', () => {
  it('reads UTF-8, falls back to Windows-1252 and refuses binary files', async () => {
    const { decodeCsvBytes } = await import('@shared/csv.js');
    expect(decodeCsvBytes(Buffer.from('first_name\nZoë', 'utf8'))).toBe('first_name\nZoë');
    expect(decodeCsvBytes(Buffer.from([0x5a, 0x6f, 0xeb]))).toBe('Zoë');
    expect(decodeCsvBytes(Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0x01]))).toBeNull();
  });
});

describe('isCsvFileName', () => {
  it('knows a buyers list by its .csv name, in any case', () => {
    expect(isCsvFileName('buyers.csv')).toBe(true);
    expect(isCsvFileName('BUYERS.CSV')).toBe(true);
    expect(isCsvFileName('buyers.xlsx')).toBe(false);
    expect(isCsvFileName('csv')).toBe(false);
    expect(isCsvFileName(undefined)).toBe(false);
  });
});

describe('csvField and csvText', () => {
  it('quote only what needs quoting, doubling quotes', () => {
    expect(csvField('Group A')).toBe('Group A');
    expect(csvField('Smith, Jones & Co')).toBe('"Smith, Jones & Co"');
    expect(csvField('say "no"')).toBe('"say ""no"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(42)).toBe('42');
  });

  it('keep a spreadsheet from running a text as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t']) expect(csvField(`${start}SUM(A1)`)).toBe(`'${start}SUM(A1)`);
    expect(csvField('=1,2')).toBe(`"'=1,2"`);
    expect(csvField(-3)).toBe('-3');
  });

  it('write a file that reads back as written, with a BOM and CRLF line ends', () => {
    const text = csvText(
      ['a', 'b'],
      [
        ['x, y', 'z "q"'],
        ['', 'é'],
      ],
    );
    expect(text.startsWith('\uFEFFa,b\r\n')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(parseCsv(text)).toEqual([
      ['a', 'b'],
      ['x, y', 'z "q"'],
      ['', 'é'],
    ]);
  });
});
