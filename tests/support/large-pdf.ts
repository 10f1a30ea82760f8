import fs from 'node:fs';
import http from 'node:http';

/**
 * Writes a valid one-page PDF of about `bytes` on disk, a megabyte at a time (never whole in memory):
 * a page that draws a line, and an unreferenced stream object of filler that makes up the size.
 */
export function writeLargePdf(file: string, bytes: number): void {
  const fd = fs.openSync(file, 'w');
  let at = 0;
  const offsets: number[] = [];
  const write = (chunk: string | Buffer) => {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk;
    fs.writeSync(fd, buf);
    at += buf.length;
  };
  const object = (n: number, body: string) => {
    offsets[n] = at;
    write(`${n} 0 obj\n${body}\nendobj\n`);
  };
  try {
    write('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n');
    object(1, '<< /Type /Catalog /Pages 2 0 R >>');
    object(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
    object(3, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>');
    const drawing = '72 72 m 540 720 l S';
    object(4, `<< /Length ${drawing.length} >>\nstream\n${drawing}\nendstream`);
    const filler = Math.max(0, bytes - 1024);
    offsets[5] = at;
    write(`5 0 obj\n<< /Length ${filler} >>\nstream\n`);
    const megabyte = Buffer.alloc(1024 * 1024, 0x41);
    for (let left = filler; left > 0; left -= megabyte.length)
      write(left >= megabyte.length ? megabyte : megabyte.subarray(0, left));
    write('\nendstream\nendobj\n');
    const xref = at;
    write(`xref\n0 6\n0000000000 65535 f \n`);
    for (let n = 1; n <= 5; n++) write(`${String(offsets[n]).padStart(10, '0')} 00000 n \n`);
    write(`trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * POSTs a multipart form to a listening server, its file streamed from disk (the test process never
 * holds it whole either). Answers the status and the JSON body.
 */
export function postFileStreamed(
  url: string,
  access: string,
  fields: Record<string, string>,
  file: { field: string; path: string; filename: string },
): Promise<{ status: number; body: any }> {
  const boundary = `----deal${Date.now().toString(16)}`;
  const head =
    Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') +
    `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: application/pdf\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${access}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined });
        });
      },
    );
    req.on('error', reject);
    req.write(head);
    const stream = fs.createReadStream(file.path);
    stream.on('error', reject);
    stream.on('end', () => req.end(tail));
    stream.pipe(req, { end: false });
  });
}

/** GETs a file from a listening server, counting its bytes as they come (never holding them). */
export function countDownload(url: string, access: string): Promise<{ status: number; bytes: number; type: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { authorization: `Bearer ${access}` } }, (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, type: String(res.headers['content-type']) }));
      })
      .on('error', reject);
  });
}
