import SparkMD5 from 'spark-md5';

/** The wire format of passwords (spec §7): lower-case MD5 hex of the UTF-8 text. */
export function md5Hex(text: string): string {
  return SparkMD5.hash(text);
}
