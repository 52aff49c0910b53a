import { describe, expect, it } from 'vitest';
import { parseEnv, s3Config } from './env.ts';

const BASE = { DATA_DIR: '/tmp/localsaver-env-test' };
const S3 = { S3_BUCKET: 'localsaver-uploads', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'secret-example' };

/** The one line start-up stops with. */
function refusal(source: Record<string, string>): string {
  try {
    parseEnv({ ...BASE, ...source });
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
}

describe('S3 configuration of uploaded images, all or nothing', () => {
  it('takes an http(s) MAP_STYLE_URL, unset by default, and refuses anything else in one line', () => {
    expect(parseEnv(BASE).MAP_STYLE_URL).toBeUndefined();
    expect(parseEnv({ ...BASE, MAP_STYLE_URL: 'https://tiles.example/styles/streets.json' }).MAP_STYLE_URL).toBe('https://tiles.example/styles/streets.json');
    expect(refusal({ MAP_STYLE_URL: 'ftp://tiles.example/style.json' })).toMatch(/^Invalid configuration: MAP_STYLE_URL: Enter the http:\/\/ or https:\/\/ address of a MapLibre style JSON\.$/);
  });

  it('keeps uploads under DATA_DIR when no S3_ variable is set', () => {
    expect(s3Config(parseEnv(BASE))).toBeUndefined();
    // Empty values count as unset, as for every variable.
    expect(s3Config(parseEnv({ ...BASE, S3_BUCKET: '', S3_ACCESS_KEY_ID: '' }))).toBeUndefined();
  });

  it('takes a bucket with both keys, defaulting the region and the addressing style', () => {
    expect(s3Config(parseEnv({ ...BASE, ...S3 }))).toEqual({
      bucket: 'localsaver-uploads',
      endpoint: undefined,
      region: 'us-east-1',
      forcePathStyle: false,
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret-example',
    });
    expect(s3Config(parseEnv({ ...BASE, ...S3, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'auto', S3_FORCE_PATH_STYLE: 'true' }))).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      region: 'auto',
      forcePathStyle: true,
    });
  });

  it('refuses a bucket without its keys, naming the missing one', () => {
    expect(refusal({ S3_BUCKET: 'localsaver-uploads' })).toMatch(/^Invalid configuration: S3_ACCESS_KEY_ID: S3_BUCKET is set, so S3_ACCESS_KEY_ID is required/);
    expect(refusal({ S3_BUCKET: 'localsaver-uploads', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' })).toMatch(/^Invalid configuration: S3_SECRET_ACCESS_KEY: /);
    expect(refusal({ S3_BUCKET: 'localsaver-uploads', S3_SECRET_ACCESS_KEY: 'secret-example' })).toMatch(/^Invalid configuration: S3_ACCESS_KEY_ID: /);
  });

  it('refuses any other S3_ variable without a bucket, naming S3_BUCKET and what was set', () => {
    for (const [name, value] of [
      ['S3_ACCESS_KEY_ID', 'AKIAEXAMPLE'],
      ['S3_SECRET_ACCESS_KEY', 'secret-example'],
      ['S3_ENDPOINT', 'https://minio.example'],
      ['S3_REGION', 'eu-west-1'],
      ['S3_FORCE_PATH_STYLE', 'true'],
    ] as const) {
      expect(refusal({ [name]: value })).toBe(`Invalid configuration: S3_BUCKET: ${name} is set but S3_BUCKET is not; set the bucket too, or unset every S3_ variable to keep uploads under DATA_DIR.`);
    }
  });

  it('refuses malformed values, naming the variable, on one line', () => {
    const cases = [
      [{ ...S3, S3_BUCKET: 'Not A Bucket' }, 'S3_BUCKET'],
      [{ ...S3, S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
      [{ ...S3, S3_ENDPOINT: 'ftp://minio.example' }, 'S3_ENDPOINT'],
      [{ ...S3, S3_REGION: 'US East' }, 'S3_REGION'],
      [{ ...S3, S3_FORCE_PATH_STYLE: 'maybe' }, 'S3_FORCE_PATH_STYLE'],
    ] as const;
    for (const [source, name] of cases) {
      const line = refusal(source);
      expect(line.startsWith(`Invalid configuration: ${name}: `), line).toBe(true);
      expect(line).not.toContain('\n');
    }
  });
});
