/** What SMB tests serve as a server would: FileNamesInformation entries (MS-FSCC §2.4.28), each 8-byte aligned, NextEntryOffset 0 on the last. */
export function fileNamesInformation(names: string[]): Buffer {
  return Buffer.concat(
    names.map((name, i) => {
      const encoded = Buffer.from(name, 'utf16le');
      const entry = Buffer.alloc((12 + encoded.length + 7) & ~7);
      entry.writeUInt32LE(i === names.length - 1 ? 0 : entry.length, 0);
      entry.writeUInt32LE(encoded.length, 8);
      encoded.copy(entry, 12);
      return entry;
    }),
  );
}
