import { crc32, deflateRawSync } from 'node:zlib';

/** What a ZIP without its ZIP64 extensions holds at most: entries, and bytes before the central directory. */
const MAX_ENTRIES = 0xffff;
const MAX_OFFSET = 0xffffffff;

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
 * submission's file is at most a few MB), deflated when that makes it
 * smaller, stored otherwise. Names are UTF-8 (flag bit 11). Without ZIP64:
 * an archive past 4 GiB or 65 535 entries is refused, far beyond what one
 * inject's submissions come to.
 */
export class ZipWriter {
  private readonly entries: Entry[] = [];
  private offset = 0;

  constructor(private readonly sink: (chunk: Uint8Array) => Promise<void>) {}

  async add(name: string, data: Uint8Array, modified: Date): Promise<void> {
    if (this.entries.length >= MAX_ENTRIES) throw new Error(`a ZIP holds at most ${MAX_ENTRIES} entries without ZIP64`);
    const deflated = deflateRawSync(data);
    const stored = deflated.length >= data.length;
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
    writeEntryFields(header, 4, entry); // the extra field's length after them: 0
    await this.emit(Buffer.concat([header, entry.name]));
    await this.emit(body);
    this.entries.push(entry);
  }

  async finish(): Promise<void> {
    const start = this.offset;
    for (const entry of this.entries) {
      const header = Buffer.alloc(46);
      header.writeUInt32LE(0x02014b50, 0);
      header.writeUInt16LE(0x0314, 4); // made by: Unix, 2.0
      writeEntryFields(header, 6, entry); // then extra and comment lengths, disk number, internal attributes: 0
      header.writeUInt32LE((0o100644 << 16) >>> 0, 38); // a regular file, rw-r--r--
      header.writeUInt32LE(entry.offset, 42);
      await this.emit(Buffer.concat([header, entry.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.emit(end);
  }

  private async emit(chunk: Uint8Array): Promise<void> {
    if (this.offset + chunk.length > MAX_OFFSET) throw new Error('a ZIP is at most 4 GiB without ZIP64');
    this.offset += chunk.length;
    await this.sink(chunk);
  }
}

/**
 * The fields a local header and its central directory entry share, in the
 * same order from `at` (4 and 6): version needed (2.0, deflate), flags (UTF-8
 * names), method, time, date, CRC-32, sizes, the name's length.
 */
function writeEntryFields(header: Buffer, at: number, entry: Entry): void {
  header.writeUInt16LE(20, at);
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
