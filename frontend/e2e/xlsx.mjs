// Just enough of the zip format to edit an .xlsx in a test: read every entry (stored or
// deflated), change the worksheet's XML, and write a fresh deflated zip. No dependencies.
import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** Entries of a zip file, in order: [{ name, data }]. */
export function readZip(buffer) {
  let end = buffer.length - 22;
  while (end >= 0 && buffer.readUInt32LE(end) !== EOCD) end -= 1;
  if (end < 0) throw new Error('not a zip file');
  const count = buffer.readUInt16LE(end + 10);
  let at = buffer.readUInt32LE(end + 16);
  const entries = [];
  for (let i = 0; i < count; i += 1) {
    if (buffer.readUInt32LE(at) !== CENTRAL) throw new Error('bad central directory');
    const method = buffer.readUInt16LE(at + 10);
    const size = buffer.readUInt32LE(at + 20);
    const nameLength = buffer.readUInt16LE(at + 28);
    const extraLength = buffer.readUInt16LE(at + 30);
    const commentLength = buffer.readUInt16LE(at + 32);
    const local = buffer.readUInt32LE(at + 42);
    const name = buffer.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    if (buffer.readUInt32LE(local) !== LOCAL) throw new Error(`bad local header of ${name}`);
    const start = local + 30 + buffer.readUInt16LE(local + 26) + buffer.readUInt16LE(local + 28);
    const raw = buffer.subarray(start, start + size);
    const data = method === 0 ? Buffer.from(raw) : method === 8 ? inflateRawSync(raw) : null;
    if (!data) throw new Error(`unsupported compression ${method} in ${name}`);
    entries.push({ name, data });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** A zip of the given entries, each deflated. */
export function writeZip(entries) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const nameBytes = Buffer.from(name, 'utf8');
    const packed = deflateRawSync(data);
    const crc = crc32(data) >>> 0;
    const header = Buffer.alloc(30);
    header.writeUInt32LE(LOCAL, 0);
    header.writeUInt16LE(20, 4); // version needed
    header.writeUInt16LE(0x0800, 6); // UTF-8 names
    header.writeUInt16LE(8, 8); // deflate
    header.writeUInt32LE(0, 10); // time and date
    header.writeUInt32LE(crc, 14);
    header.writeUInt32LE(packed.length, 18);
    header.writeUInt32LE(data.length, 22);
    header.writeUInt16LE(nameBytes.length, 26);
    header.writeUInt16LE(0, 28);
    locals.push(header, nameBytes, packed);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(CENTRAL, 0);
    central.writeUInt16LE(20, 4); // made by
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(0, 12);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, nameBytes);
    offset += header.length + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(EOCD, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const SHEET = 'xl/worksheets/sheet1.xml';

/** The same workbook with its first worksheet's XML passed through edit(xml) → xml. */
export function editSheet(xlsx, edit) {
  const entries = readZip(xlsx);
  const sheet = entries.find((e) => e.name === SHEET);
  if (!sheet) throw new Error(`${SHEET} missing`);
  sheet.data = Buffer.from(edit(sheet.data.toString('utf8')), 'utf8');
  return writeZip(entries);
}

const escapeXml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** An inline-string cell, the way the download writes text. */
export const textCell = (ref, text) => `<c r="${ref}" t="inlineStr"><is><t>${escapeXml(String(text))}</t></is></c>`;

/** Replaces the cell at ref (e.g. "I3") with a text cell. */
export function setCell(xml, ref, text) {
  const cell = new RegExp(`<c r="${ref}"(?: [^>]*)?(?:/>|>[\\s\\S]*?</c>)`);
  if (!cell.test(xml)) throw new Error(`cell ${ref} not found`);
  return xml.replace(cell, textCell(ref, text));
}

/** Appends a row of text cells (A, B, C, …) after the last row. */
export function appendRow(xml, values) {
  const rows = [...xml.matchAll(/<row r="(\d+)"/g)].map((m) => Number(m[1]));
  const r = Math.max(...rows) + 1;
  const cells = values.map((v, i) => textCell(`${String.fromCharCode(65 + i)}${r}`, v)).join('');
  return xml.replace('</sheetData>', `<row r="${r}">${cells}</row></sheetData>`);
}
