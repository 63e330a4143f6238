import { crc32, deflateRawSync } from 'node:zlib';

/** Past these, a ZIP needs its ZIP64 records: entries in the end record, and offsets or sizes in 32 bits. */
const MAX_ENTRIES = 0xffff;
const MAX_32 = 0xffffffff;

interface Entry {
  name: Buffer;
  method: number;
  crc: number;
  compressed: number;
  size: number;
  time: number;
  date: number;
  offset: number;
}

/**
 * A ZIP file written as it goes (PKWARE's APPNOTE: local headers, the
 * central directory, its end record), each entry whole in memory once (a
 * submission's file is at most a few MB), deflated when asked and when
 * that makes it smaller, stored otherwise. Names are UTF-8 (flag bit 11)
 * and unique: a second entry of one name is refused, so no entry can
 * stand for another when the archive is unpacked. Past 4 GiB or 65 535
 * entries it writes ZIP64 records (APPNOTE 4.5.3, 4.3.14, 4.3.15), which
 * every current unzip reads; below, none.
 */
export class ZipWriter {
  private readonly entries: Entry[] = [];
  private readonly names = new Set<string>();
  private offset = 0;

  /**
   * @param zip64From where an offset needs ZIP64 (4 GiB): a test sets it
   * low to write the records without writing 4 GiB first.
   */
  constructor(
    private readonly sink: (chunk: Uint8Array) => Promise<void>,
    private readonly zip64From = MAX_32,
  ) {}

  /** Adds an entry; `deflate: false` stores it as it is (a file already compressed: an image, a PDF, an archive). */
  async add(name: string, data: Uint8Array, modified: Date, options: { deflate?: boolean } = {}): Promise<void> {
    if (this.names.has(name)) throw new Error(`the ZIP already has an entry named ${name}`);
    if (data.length >= MAX_32) throw new Error('an entry of the ZIP is under 4 GiB');
    const deflated = options.deflate === false ? undefined : deflateRawSync(data);
    const stored = deflated === undefined || deflated.length >= data.length;
    const body = stored ? data : deflated;
    const { time, date } = dosTime(modified);
    const entry: Entry = {
      name: Buffer.from(name, 'utf8'),
      method: stored ? 0 : 8,
      crc: crc32(data),
      compressed: body.length,
      size: data.length,
      time,
      date,
      offset: this.offset,
    };
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    writeEntryFields(header, 4, entry, 20); // the extra field's length after them: 0
    this.names.add(name);
    await this.emit(Buffer.concat([header, entry.name]));
    await this.emit(body);
    this.entries.push(entry);
  }

  async finish(): Promise<void> {
    const start = this.offset;
    for (const entry of this.entries) {
      // An offset past 32 bits goes in a ZIP64 extra field (ID 1), the header's own saying 0xFFFFFFFF.
      const far = entry.offset >= this.zip64From;
      const extra = far ? Buffer.alloc(12) : Buffer.alloc(0);
      if (far) {
        extra.writeUInt16LE(0x0001, 0);
        extra.writeUInt16LE(8, 2);
        extra.writeBigUInt64LE(BigInt(entry.offset), 4);
      }
      const header = Buffer.alloc(46);
      header.writeUInt32LE(0x02014b50, 0);
      header.writeUInt16LE(far ? 0x032d : 0x0314, 4); // made by: Unix, 4.5 (ZIP64) or 2.0
      writeEntryFields(header, 6, entry, far ? 45 : 20);
      header.writeUInt16LE(extra.length, 30); // then comment length, disk number, internal attributes: 0
      header.writeUInt32LE((0o100644 << 16) >>> 0, 38); // a regular file, rw-r--r--
      header.writeUInt32LE(far ? MAX_32 : entry.offset, 42);
      await this.emit(Buffer.concat([header, entry.name, extra]));
    }
    const size = this.offset - start;
    const count = this.entries.length;
    const zip64 = count >= MAX_ENTRIES || start >= this.zip64From || size >= MAX_32;
    if (zip64) {
      const record = Buffer.alloc(56);
      record.writeUInt32LE(0x06064b50, 0);
      record.writeBigUInt64LE(44n, 4); // the record's size after this field
      record.writeUInt16LE(0x032d, 12);
      record.writeUInt16LE(45, 14);
      // Disk numbers (this one, the directory's): 0.
      record.writeBigUInt64LE(BigInt(count), 24);
      record.writeBigUInt64LE(BigInt(count), 32);
      record.writeBigUInt64LE(BigInt(size), 40);
      record.writeBigUInt64LE(BigInt(start), 48);
      const locator = Buffer.alloc(20);
      locator.writeUInt32LE(0x07064b50, 0);
      locator.writeBigUInt64LE(BigInt(this.offset), 8);
      locator.writeUInt32LE(1, 16); // disks in all
      await this.emit(Buffer.concat([record, locator]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(zip64 ? MAX_ENTRIES : count, 8);
    end.writeUInt16LE(zip64 ? MAX_ENTRIES : count, 10);
    end.writeUInt32LE(zip64 ? MAX_32 : size, 12);
    end.writeUInt32LE(zip64 ? MAX_32 : start, 16);
    await this.emit(end);
  }

  private async emit(chunk: Uint8Array): Promise<void> {
    this.offset += chunk.length;
    await this.sink(chunk);
  }
}

/**
 * The fields a local header and its central directory entry share, in the
 * same order from `at` (4 and 6): version needed (2.0, deflate; 4.5 with
 * ZIP64 fields), flags (UTF-8 names), method, time, date, CRC-32, sizes,
 * the name's length.
 */
function writeEntryFields(header: Buffer, at: number, entry: Entry, versionNeeded: number): void {
  header.writeUInt16LE(versionNeeded, at);
  header.writeUInt16LE(0x0800, at + 2);
  header.writeUInt16LE(entry.method, at + 4);
  header.writeUInt16LE(entry.time, at + 6);
  header.writeUInt16LE(entry.date, at + 8);
  header.writeUInt32LE(entry.crc, at + 10);
  header.writeUInt32LE(entry.compressed, at + 14);
  header.writeUInt32LE(entry.size, at + 18);
  header.writeUInt16LE(entry.name.length, at + 22);
}

/** MS-DOS time and date (2 s precision, from 1980), in UTC: the ZIP's modification time of an entry. */
function dosTime(at: Date): { time: number; date: number } {
  const year = Math.max(1980, at.getUTCFullYear());
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}
