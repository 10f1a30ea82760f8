import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';

export interface Blob {
  body: Buffer;
  contentType: string;
}

/** Bytes `start` to `end` of a file, both included (an HTTP byte range once the file's size is known). */
export interface ByteRange {
  start: number;
  end: number;
}

/** A stored file read as it is sent (large deal documents): the whole file, or the part asked for. */
export interface BlobStream {
  body: Readable;
  contentType: string;
  /** The whole file's size, whatever part `body` holds. */
  size: number;
  /** The part `body` holds when a range was asked for; absent for the whole file. */
  range?: ByteRange;
  /** Changes whenever the file's content can have changed (a validator for HTTP's If-Range). */
  etag: string;
}

/** A byte range as asked: from `start`, to `end` included or to the end of the file. */
export interface RangeRequest {
  start: number;
  end?: number;
}

/** A range that starts at or past the end of the file (HTTP 416). */
export class RangeNotSatisfiable extends Error {
  constructor(readonly size: number) {
    super('range not satisfiable');
  }
}

/** The part of a file of `size` bytes a request asks for, clamped to the file; throws when none is. */
function clampRange(request: RangeRequest, size: number): ByteRange {
  if (request.start >= size) throw new RangeNotSatisfiable(size);
  return { start: request.start, end: Math.min(request.end ?? size - 1, size - 1) };
}

/** Where uploaded and generated files live: local disk by default, an S3-compatible store by configuration. */
export interface BlobStore {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Stores a file read as it arrives, never whole in memory (large deal documents). */
  putStream(key: string, body: Readable, contentType: string): Promise<void>;
  /** null when there is no such blob. */
  get(key: string): Promise<Blob | null>;
  /**
   * The blob as a stream, never whole in memory, or only the part `range` asks for (RangeNotSatisfiable
   * when it starts past the end); null when there is no such blob.
   */
  open(key: string, range?: RangeRequest): Promise<BlobStream | null>;
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;
function checkKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`invalid blob key: ${key}`);
}

/**
 * A temporary name beside `file`, unique to one write: two uploads of the same document (a blob keyed
 * by its hash) may store the same key at once, and each must rename its own file.
 */
function tmpBeside(file: string): string {
  return `${file}.${process.pid}.${randomUUID()}.tmp`;
}

export class LocalBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  private file(key: string): string {
    checkKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Written beside, then renamed: a reader never sees half a file.
    const tmp = tmpBeside(file);
    await fs.writeFile(tmp, body);
    await fs.writeFile(`${tmp}.type`, contentType);
    await fs.rename(`${tmp}.type`, `${file}.type`);
    await fs.rename(tmp, file);
  }

  async putStream(key: string, body: Readable, contentType: string): Promise<void> {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const tmp = tmpBeside(file);
    try {
      await pipeline(body, createWriteStream(tmp));
    } catch (err) {
      await fs.rm(tmp, { force: true });
      throw err;
    }
    await fs.writeFile(`${tmp}.type`, contentType);
    await fs.rename(`${tmp}.type`, `${file}.type`);
    await fs.rename(tmp, file);
  }

  async get(key: string): Promise<Blob | null> {
    const file = this.file(key);
    try {
      const [body, contentType] = await Promise.all([fs.readFile(file), fs.readFile(`${file}.type`, 'utf8')]);
      return { body, contentType };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async open(key: string, request?: RangeRequest): Promise<BlobStream | null> {
    const file = this.file(key);
    try {
      const [stat, contentType] = await Promise.all([fs.stat(file), fs.readFile(`${file}.type`, 'utf8')]);
      const etag = `"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}-${stat.ino.toString(36)}"`;
      if (!request) return { body: createReadStream(file), contentType, size: stat.size, etag };
      const range = clampRange(request, stat.size);
      return { body: createReadStream(file, range), contentType, size: stat.size, range, etag };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.file(key);
    await fs.rm(file, { force: true });
    await fs.rm(`${file}.type`, { force: true });
  }
}

export interface S3Options {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/** S3's smallest part is 5 MB (but the last); 8 MB keeps the number of requests low. */
const S3_PART_BYTES = 8 * 1024 * 1024;

export class S3BlobStore implements BlobStore {
  private readonly client: S3Client;
  constructor(private readonly options: S3Options) {
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    checkKey(key);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.options.bucket, Key: key, Body: body, ContentType: contentType }),
    );
  }

  /** A multipart upload, one part (8 MB) in memory at a time; aborted on any failure. */
  async putStream(key: string, body: Readable, contentType: string): Promise<void> {
    checkKey(key);
    const Bucket = this.options.bucket;
    const { UploadId } = await this.client.send(
      new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentType }),
    );
    const parts: Array<{ ETag: string | undefined; PartNumber: number }> = [];
    const send = async (chunk: Buffer) => {
      const PartNumber = parts.length + 1;
      const out = await this.client.send(
        new UploadPartCommand({ Bucket, Key: key, UploadId, PartNumber, Body: chunk }),
      );
      parts.push({ ETag: out.ETag, PartNumber });
    };
    try {
      let pending: Buffer[] = [];
      let size = 0;
      for await (const chunk of body as AsyncIterable<Buffer>) {
        pending.push(chunk);
        size += chunk.length;
        if (size >= S3_PART_BYTES) {
          await send(Buffer.concat(pending));
          pending = [];
          size = 0;
        }
      }
      if (size > 0 || parts.length === 0) await send(Buffer.concat(pending));
      await this.client.send(
        new CompleteMultipartUploadCommand({ Bucket, Key: key, UploadId, MultipartUpload: { Parts: parts } }),
      );
    } catch (err) {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId })).catch(() => undefined);
      throw err;
    }
  }

  async get(key: string): Promise<Blob | null> {
    checkKey(key);
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: key }));
      const bytes = await out.Body!.transformToByteArray();
      return { body: Buffer.from(bytes), contentType: out.ContentType ?? 'application/octet-stream' };
    } catch (err) {
      if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
      throw err;
    }
  }

  async open(key: string, request?: RangeRequest): Promise<BlobStream | null> {
    checkKey(key);
    const Bucket = this.options.bucket;
    try {
      const Range = request ? `bytes=${request.start}-${request.end ?? ''}` : undefined;
      const out = await this.client.send(new GetObjectCommand({ Bucket, Key: key, Range }));
      const stream = {
        body: out.Body as Readable,
        contentType: out.ContentType ?? 'application/octet-stream',
        size: out.ContentLength ?? 0,
        etag: out.ETag ?? `"${key}"`,
      };
      // A ranged answer names its part and the whole size: "bytes 0-65535/4096000".
      const part = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(out.ContentRange ?? '');
      if (!request || !part) return stream;
      return { ...stream, size: Number(part[3]), range: { start: Number(part[1]), end: Number(part[2]) } };
    } catch (err) {
      if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
      if ((err as { name?: string }).name === 'InvalidRange') {
        const head = await this.client.send(new HeadObjectCommand({ Bucket, Key: key }));
        throw new RangeNotSatisfiable(head.ContentLength ?? 0);
      }
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    checkKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }
}
