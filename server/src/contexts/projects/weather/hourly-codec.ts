/**
 * The compact binary in `weather_stations.data` (format "canopy-hourly-v1"): gzip of
 *
 *   u32 magic 0x57484E43 ("CNHW"), u32 version 1, u32 hours, u32 reserved,
 *   9 × hours Float64 columns (in FLOAT_COLUMNS order; NaN = missing),
 *   hours × u16 year, then hours × u8 month, day, hour (hour-ending, 1–24),
 *
 * all little-endian. Float64 keeps every value exact (the CSV download must give back what the
 * EPW held); gzip brings 8760 hours from ~0.7 MB to about a third of that, because EPW values have
 * one decimal and repeat. The EPW LOCATION header is stored beside it, as JSON, in the row.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { endianness } from 'node:os';
import type { Epw, EpwLocation } from '@canopy/engine/weather/epw.ts';

export const HOURLY_FORMAT = 'canopy-hourly-v1';
const MAGIC = 0x57484e43;
const HEADER_BYTES = 16;

/**
 * The most hours a stored series may hold: ten leap years. An EPW holds one year (8,760 or 8,784
 * hours); this leaves room for multi-year files and bounds what decoding may inflate to.
 */
export const MAX_HOURS = 10 * 8784;
/** Bytes of the raw series for `hours` hours: header, 9 Float64 columns, year (u16), month, day, hour (u8). */
const rawBytes = (hours: number) => HEADER_BYTES + 9 * hours * 8 + hours * 5;
/** What decoding inflates to at most (~6.8 MB): a stored series that would inflate further is refused before it does. */
export const MAX_RAW_BYTES = rawBytes(MAX_HOURS);

/** An EPW's hourly value series (everything but the calendar), in the stored order. */
export const FLOAT_COLUMNS = [
  'dryBulbC',
  'relativeHumidityPct',
  'stationPressurePa',
  'globalHorizontalWhM2',
  'directNormalWhM2',
  'diffuseHorizontalWhM2',
  'windDirectionDeg',
  'windSpeedMs',
  'totalSkyCoverTenths',
] as const satisfies ReadonlyArray<keyof Epw>;

export class HourlyCodecError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HourlyCodecError';
  }
}

// Typed arrays use the machine's byte order; every server we target is little-endian, and this
// guard makes a big-endian one fail loudly instead of reading garbage.
function assertLittleEndian(): void {
  if (endianness() !== 'LE') throw new HourlyCodecError('the hourly weather codec needs a little-endian machine');
}

export function encodeHourly(epw: Epw): Buffer {
  assertLittleEndian();
  const h = epw.hours;
  if (h > MAX_HOURS) throw new HourlyCodecError(`the series has ${h} hours; at most ${MAX_HOURS} (ten years) can be stored`);
  const floatBytes = FLOAT_COLUMNS.length * h * 8;
  const raw = Buffer.alloc(HEADER_BYTES + floatBytes + h * 2 + h * 3);
  raw.writeUInt32LE(MAGIC, 0);
  raw.writeUInt32LE(1, 4);
  raw.writeUInt32LE(h, 8);
  let offset = HEADER_BYTES;
  for (const key of FLOAT_COLUMNS) {
    const column = epw[key];
    raw.set(new Uint8Array(column.buffer, column.byteOffset, h * 8), offset);
    offset += h * 8;
  }
  raw.set(new Uint8Array(epw.year.buffer, epw.year.byteOffset, h * 2), offset);
  offset += h * 2;
  for (const column of [epw.month, epw.day, epw.hour]) {
    raw.set(column.subarray(0, h), offset);
    offset += h;
  }
  // Level 9: written once, read many times; the extra CPU is paid at import only.
  return gzipSync(raw, { level: 9 });
}

/** A copy into a fresh, aligned buffer: Float64Array needs an 8-byte-aligned offset. */
function column<T extends Float64Array | Uint16Array | Uint8Array>(raw: Buffer, offset: number, length: number, make: (buffer: ArrayBuffer) => T): T {
  const bytes = new Uint8Array(length);
  bytes.set(raw.subarray(offset, offset + length));
  return make(bytes.buffer);
}

export function decodeHourly(data: Uint8Array, location: EpwLocation): Epw {
  assertLittleEndian();
  let raw: Buffer;
  try {
    // Never inflate past what a series can be: 8 KB of gzip can claim 770 MB, and every read would inflate it again.
    raw = gunzipSync(data, { maxOutputLength: MAX_RAW_BYTES });
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new HourlyCodecError(`stored weather data inflates past ${MAX_RAW_BYTES} bytes, more than ${MAX_HOURS} hours can take`);
    }
    throw new HourlyCodecError(`stored weather data is not gzip: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (raw.length < HEADER_BYTES || raw.readUInt32LE(0) !== MAGIC || raw.readUInt32LE(4) !== 1) {
    throw new HourlyCodecError(`stored weather data is not ${HOURLY_FORMAT}`);
  }
  const h = raw.readUInt32LE(8);
  if (raw.length !== rawBytes(h)) {
    throw new HourlyCodecError(`stored weather data has ${raw.length} bytes, ${h} hours need ${rawBytes(h)}`);
  }
  let offset = HEADER_BYTES;
  const floats = {} as Record<(typeof FLOAT_COLUMNS)[number], Float64Array>;
  for (const key of FLOAT_COLUMNS) {
    floats[key] = column(raw, offset, h * 8, (b) => new Float64Array(b));
    offset += h * 8;
  }
  const year = column(raw, offset, h * 2, (b) => new Uint16Array(b));
  offset += h * 2;
  const [month, day, hour] = [0, 1, 2].map((k) => column(raw, offset + k * h, h, (b) => new Uint8Array(b))) as [Uint8Array, Uint8Array, Uint8Array];
  return { location: { ...location }, hours: h, year, month, day, hour, ...floats };
}
