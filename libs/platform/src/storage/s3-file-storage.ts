import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../config/config.js';
import { createLogger } from '../logging/logger.js';
import { FileNotFoundError, assertValidFileKey } from './file-storage.js';
import type { FileStorage } from './file-storage.js';

export interface S3FileStorageOptions {
  /** Socket connect timeout (default 5000 ms). */
  connectionTimeoutMs?: number;
  /** Per-request timeout (default 60 000 ms; uploads go up to 20 MB). */
  requestTimeoutMs?: number;
}

/**
 * Files in one S3 bucket (MinIO in docker-compose, any S3 elsewhere). `check()` creates the bucket when it
 * is missing, so call it at start-up before the first `put`.
 */
export class S3FileStorage implements FileStorage {
  private readonly logger = createLogger('storage');
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly endpoint: string;

  constructor(config: S3Config, options: S3FileStorageOptions = {}) {
    this.bucket = config.bucket;
    this.endpoint = config.endpoint;
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // Checksums only where S3 requires them: S3-compatible stores do not all accept the newer defaults.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: {
        connectionTimeout: options.connectionTimeoutMs ?? 5000,
        requestTimeout: options.requestTimeoutMs ?? 60_000,
      },
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertValidFileKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        ContentLength: body.length,
      }),
    );
  }

  async get(key: string): Promise<Buffer> {
    assertValidFileKey(key);
    try {
      const response = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!response.Body) return Buffer.alloc(0);
      return Buffer.from(await response.Body.transformToByteArray());
    } catch (error) {
      if (isNotFound(error)) throw new FileNotFoundError(key);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidFileKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    assertValidFileKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  /** Reaches the bucket, creating it when missing; fails with a message naming S3_ENDPOINT and S3_BUCKET. */
  async check(): Promise<void> {
    try {
      try {
        await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
        return;
      } catch (error) {
        if (!isNotFound(error) && errorName(error) !== 'NoSuchBucket') throw error;
      }
      try {
        await this.client.send(new CreateBucketCommand({ Bucket: this.bucket }));
        this.logger.info({ bucket: this.bucket }, 'created the S3 bucket');
      } catch (error) {
        // Another process created it in the meantime.
        if (!['BucketAlreadyOwnedByYou', 'BucketAlreadyExists'].includes(errorName(error))) throw error;
      }
    } catch (error) {
      const reason = errorName(error) === 'Error' || !errorName(error) ? '' : `${errorName(error)}: `;
      throw new Error(
        `Cannot use S3 bucket S3_BUCKET=${this.bucket} at S3_ENDPOINT=${this.endpoint}: ${reason}${(error as Error).message}`,
        { cause: error },
      );
    }
  }

  /** Releases the HTTP connections. */
  close(): Promise<void> {
    this.client.destroy();
    return Promise.resolve();
  }
}

function errorName(error: unknown): string {
  return (error as { name?: string } | undefined)?.name ?? '';
}

/** A missing object (a missing bucket is a configuration error, not a missing file). */
function isNotFound(error: unknown): boolean {
  const name = errorName(error);
  const status = (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
  return name === 'NoSuchKey' || name === 'NotFound' || (status === 404 && name !== 'NoSuchBucket');
}
