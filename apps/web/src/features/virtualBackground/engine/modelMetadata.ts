/**
 * Gives MediaPipe's selfie segmentation model the TFLite metadata that MediaPipe Tasks needs.
 *
 * Why: `@mediapipe/tasks-vision` (its ImageSegmenter runs on the CPU through wasm + XNNPACK,
 * in a worker) ships no model, and the models that npm packages ship are the legacy ones inside
 * `@mediapipe/selfie_segmentation` (Apache-2.0), which carry no metadata. Tasks refuses a float
 * input tensor without NormalizationOptions ("requires specifying NormalizationOptions metadata
 * to preprocess input images"). This adds exactly that — the input in [0, 1], i.e. mean 0,
 * std 255, what the legacy solution's own graph feeds the model — without touching the model's
 * weights or graph: run on the bytes at load time, nothing is downloaded or generated at build.
 *
 * How: a TFLite model is a FlatBuffer whose offsets point forward only. A new root `Model`
 * table is written IN FRONT of the untouched original bytes: it repeats the original's fields
 * (their offsets re-aimed at the original objects, which stay byte for byte where they were
 * relative to each other) and adds a `metadata` entry "TFLITE_METADATA" naming one new buffer
 * that holds a `ModelMetadata` FlatBuffer (metadata_schema.fbs, identifier "M001"). The prefix
 * is a multiple of 16 bytes so the original buffers keep their alignment.
 */

/** Field ids of tflite `Model` (schema.fbs). */
const MODEL = {
  version: 0,
  operatorCodes: 1,
  subgraphs: 2,
  description: 3,
  buffers: 4,
  metadataBuffer: 5,
  metadata: 6,
  signatureDefs: 7,
} as const;
const MODEL_FIELDS = 8;
/** `ProcessUnitOptions` union: NormalizationOptions is its first member. */
const NORMALIZATION_OPTIONS = 1;

interface Field {
  id: number;
  /** Writes the field's 4-byte slot at `at` (called once the table is placed). */
  write: (at: number) => void;
}

/** A forward-only FlatBuffer writer: parents are placed before their children. */
class Writer {
  bytes = new Uint8Array(1024);
  view = new DataView(this.bytes.buffer);
  length = 0;

  alloc(size: number, align = 4): number {
    while (this.length % align) this.length++;
    const at = this.length;
    this.length += size;
    if (this.length > this.bytes.length) {
      const grown = new Uint8Array(Math.max(this.length, this.bytes.length * 2));
      grown.set(this.bytes);
      this.bytes = grown;
      this.view = new DataView(grown.buffer);
    }
    return at;
  }

  u32(at: number, value: number): void {
    this.view.setUint32(at, value, true);
  }

  /** An offset at `at` to `target`, which must lie after it. */
  offset(at: number, target: number): void {
    if (target <= at) throw new Error('flatbuffer: offsets point forward');
    this.u32(at, target - at);
  }

  /** A table of 4-byte slots, its vtable just before it; returns the table's position. */
  table(fields: Field[], fieldCount: number): number {
    const vtableSize = 4 + 2 * fieldCount;
    const vtable = this.alloc(vtableSize, 2);
    const table = this.alloc(4 + 4 * fields.length, 4);
    this.view.setUint16(vtable, vtableSize, true);
    this.view.setUint16(vtable + 2, 4 + 4 * fields.length, true);
    this.view.setInt32(table, table - vtable, true);
    fields.forEach((field, i) => {
      this.view.setUint16(vtable + 4 + 2 * field.id, 4 + 4 * i, true);
    });
    fields.forEach((field, i) => field.write(table + 4 + 4 * i));
    return table;
  }

  string(text: string): number {
    const encoded = new TextEncoder().encode(text);
    const at = this.alloc(4 + encoded.length + 1);
    this.u32(at, encoded.length);
    this.bytes.set(encoded, at + 4);
    this.bytes[at + 4 + encoded.length] = 0;
    return at;
  }

  floats(values: number[]): number {
    const at = this.alloc(4 + 4 * values.length);
    this.u32(at, values.length);
    values.forEach((v, i) => this.view.setFloat32(at + 4 + 4 * i, v, true));
    return at;
  }

  /** A vector of offsets to tables made by `make(i)` after the vector. */
  tables(count: number, make: (i: number) => number): number {
    const at = this.alloc(4 + 4 * count);
    this.u32(at, count);
    for (let i = 0; i < count; i++) this.offset(at + 4 + 4 * i, make(i));
    return at;
  }

  /** A field whose value is an object written after the table. */
  child(id: number, make: () => number): Field {
    return { id, write: (at) => this.offset(at, make()) };
  }

  /** A byte vector whose bytes start 16-aligned (a nested FlatBuffer). */
  data(content: Uint8Array): number {
    while ((this.length + 4) % 16) this.length++;
    const at = this.alloc(4 + content.length);
    this.u32(at, content.length);
    this.bytes.set(content, at + 4);
    return at;
  }

  done(): Uint8Array {
    return this.bytes.slice(0, this.length);
  }
}

/** The `ModelMetadata` FlatBuffer: one subgraph, its image input normalized by mean/std. */
function modelMetadata(mean: number, std: number, outputs: number): Uint8Array {
  const w = new Writer();
  const root = w.alloc(8);
  w.bytes.set(new TextEncoder().encode('M001'), root + 4);
  const tensor = (name: string, normalize: boolean) =>
    w.table(
      [
        w.child(0, () => w.string(name)),
        ...(normalize
          ? [
              w.child(4, () =>
                w.tables(1, () =>
                  w.table(
                    [
                      { id: 0, write: (at: number) => w.view.setUint8(at, NORMALIZATION_OPTIONS) },
                      w.child(1, () =>
                        w.table(
                          [w.child(0, () => w.floats([mean])), w.child(1, () => w.floats([std]))],
                          2,
                        ),
                      ),
                    ],
                    2,
                  ),
                ),
              ),
            ]
          : []),
      ],
      7,
    );
  const table = w.table(
    [
      w.child(0, () => w.string('selfie_segmentation')),
      w.child(3, () =>
        w.tables(1, () =>
          w.table(
            [
              w.child(2, () => w.tables(1, () => tensor('input', true))),
              w.child(3, () => w.tables(outputs, (i) => tensor(`output_${i}`, false))),
            ],
            7,
          ),
        ),
      ),
      w.child(7, () => w.string('1.0.0')),
    ],
    8,
  );
  w.offset(root, table);
  return w.done();
}

/** Reads the original model's root table: where each field's slot is (absolute), or null. */
function modelFields(view: DataView): (number | null)[] {
  const root = view.getUint32(0, true);
  const vtable = root - view.getInt32(root, true);
  const vtableSize = view.getUint16(vtable, true);
  return Array.from({ length: MODEL_FIELDS }, (_, id) => {
    if (4 + 2 * id >= vtableSize) return null;
    const slot = view.getUint16(vtable + 4 + 2 * id, true);
    return slot ? root + slot : null;
  });
}

/** How many outputs the model's first subgraph has (the metadata lists one entry each). */
function outputCount(view: DataView, subgraphsSlot: number): number {
  const vector = subgraphsSlot + view.getUint32(subgraphsSlot, true);
  const first = vector + 4 + view.getUint32(vector + 4, true);
  const vtable = first - view.getInt32(first, true);
  // SubGraph: tensors 0, inputs 1, outputs 2.
  const slot = view.getUint16(vtable + 4 + 2 * 2, true);
  if (!slot) return 1;
  const outputs = first + slot + view.getUint32(first + slot, true);
  return view.getUint32(outputs, true);
}

/**
 * The model with input normalization metadata (mean/std per MediaPipe's formula
 * `(x - mean) / std` on 0..255 pixels). A model that already has metadata is returned as is.
 */
export function withNormalizationMetadata(
  model: Uint8Array,
  { mean = 0, std = 255 }: { mean?: number; std?: number } = {},
): Uint8Array {
  const old = new DataView(model.buffer, model.byteOffset, model.byteLength);
  if (new TextDecoder().decode(model.subarray(4, 8)) !== 'TFL3') {
    throw new Error('virtual background: not a TFLite model');
  }
  const fields = modelFields(old);
  if (fields[MODEL.metadata] !== null) return model;
  const subgraphs = fields[MODEL.subgraphs];
  const buffersSlot = fields[MODEL.buffers];
  if (
    subgraphs === null ||
    subgraphs === undefined ||
    buffersSlot === null ||
    buffersSlot === undefined
  ) {
    throw new Error('virtual background: a TFLite model without subgraphs or buffers');
  }
  const metadata = modelMetadata(mean, std, outputCount(old, subgraphs));
  const oldBuffers = buffersSlot + old.getUint32(buffersSlot, true);
  const bufferCount = old.getUint32(oldBuffers, true);

  // Two passes: the prefix's length is only known once written, and the original's objects
  // are addressed as (their position + prefix length).
  const build = (prefix: number): Writer => {
    const w = new Writer();
    const root = w.alloc(8);
    w.bytes.set(new TextEncoder().encode('TFL3'), root + 4);
    /** A slot re-aimed at what the original's slot pointed to. */
    const copied = (id: number): Field[] => {
      const slot = fields[id];
      if (slot === null || slot === undefined) return [];
      return [{ id, write: (at) => w.offset(at, slot + old.getUint32(slot, true) + prefix) }];
    };
    const version = fields[MODEL.version];
    const table = w.table(
      [
        ...(version !== null && version !== undefined
          ? [{ id: MODEL.version, write: (at: number) => w.u32(at, old.getUint32(version, true)) }]
          : []),
        ...copied(MODEL.operatorCodes),
        ...copied(MODEL.subgraphs),
        ...copied(MODEL.description),
        w.child(MODEL.buffers, () => {
          const at = w.alloc(4 + 4 * (bufferCount + 1));
          w.u32(at, bufferCount + 1);
          for (let i = 0; i < bufferCount; i++) {
            const element = oldBuffers + 4 + 4 * i;
            w.offset(at + 4 + 4 * i, element + old.getUint32(element, true) + prefix);
          }
          // The new buffer: a table whose `data` (field 0) is the metadata, its bytes 16-aligned.
          const buffer = w.table([w.child(0, () => w.data(metadata))], 3);
          w.offset(at + 4 + 4 * bufferCount, buffer);
          return at;
        }),
        ...copied(MODEL.metadataBuffer),
        w.child(MODEL.metadata, () =>
          w.tables(1, () =>
            w.table(
              [
                w.child(0, () => w.string('TFLITE_METADATA')),
                { id: 1, write: (at: number) => w.u32(at, bufferCount) },
              ],
              2,
            ),
          ),
        ),
        ...copied(MODEL.signatureDefs),
      ],
      MODEL_FIELDS,
    );
    w.offset(root, table);
    w.alloc(0, 16);
    return w;
  };
  const prefix = build(0).length;
  const head = build(prefix).done();
  if (head.length !== prefix) throw new Error('virtual background: metadata prefix changed size');
  const out = new Uint8Array(prefix + model.length);
  out.set(head);
  out.set(model, prefix);
  return out;
}
