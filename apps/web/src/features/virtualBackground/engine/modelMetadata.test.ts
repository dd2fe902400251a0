import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { withNormalizationMetadata } from './modelMetadata.ts';

const require = createRequire(import.meta.url);
const model = new Uint8Array(
  readFileSync(
    require.resolve('@mediapipe/selfie_segmentation/selfie_segmentation_landscape.tflite'),
  ),
);

/** A minimal FlatBuffer reader: enough to walk what MediaPipe's metadata extractor walks. */
class Reader {
  readonly view: DataView;
  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  root(): number {
    return this.view.getUint32(0, true);
  }
  identifier(): string {
    return new TextDecoder().decode(this.bytes.subarray(4, 8));
  }
  /** Absolute position of field `id`'s slot in `table`, or null. */
  slot(table: number, id: number): number | null {
    const vtable = table - this.view.getInt32(table, true);
    if (4 + 2 * id >= this.view.getUint16(vtable, true)) return null;
    const at = this.view.getUint16(vtable + 4 + 2 * id, true);
    return at ? table + at : null;
  }
  deref(table: number, id: number): number {
    const at = this.slot(table, id);
    if (at === null) throw new Error(`field ${id} absent`);
    return at + this.view.getUint32(at, true);
  }
  string(table: number, id: number): string {
    const at = this.deref(table, id);
    return new TextDecoder().decode(
      this.bytes.subarray(at + 4, at + 4 + this.view.getUint32(at, true)),
    );
  }
  vectorLength(table: number, id: number): number {
    return this.view.getUint32(this.deref(table, id), true);
  }
  /** The i-th table of a vector of tables. */
  element(table: number, id: number, i: number): number {
    const at = this.deref(table, id) + 4 + 4 * i;
    return at + this.view.getUint32(at, true);
  }
  floats(table: number, id: number): number[] {
    const at = this.deref(table, id);
    return Array.from({ length: this.view.getUint32(at, true) }, (_, i) =>
      this.view.getFloat32(at + 4 + 4 * i, true),
    );
  }
}

describe('the selfie model gets the metadata MediaPipe Tasks needs', () => {
  const patched = withNormalizationMetadata(model);
  const before = new Reader(model);
  const after = new Reader(patched);

  it('is still a TFLite model, the original bytes untouched after a 16-byte-aligned prefix', () => {
    expect(after.identifier()).toBe('TFL3');
    const prefix = patched.length - model.length;
    expect(prefix % 16).toBe(0);
    expect(Buffer.from(patched.subarray(prefix)).equals(Buffer.from(model))).toBe(true);
  });

  it('keeps the original subgraphs, operators and buffers', () => {
    const [oldRoot, newRoot] = [before.root(), after.root()];
    const prefix = patched.length - model.length;
    for (const id of [1, 2]) {
      expect(after.deref(newRoot, id)).toBe(before.deref(oldRoot, id) + prefix);
    }
    expect(after.string(newRoot, 3)).toBe(before.string(oldRoot, 3));
    const oldCount = before.vectorLength(oldRoot, 4);
    expect(after.vectorLength(newRoot, 4)).toBe(oldCount + 1);
    for (let i = 0; i < oldCount; i++) {
      expect(after.element(newRoot, 4, i)).toBe(before.element(oldRoot, 4, i) + prefix);
    }
  });

  it('names a new buffer TFLITE_METADATA holding input normalization mean 0, std 255', () => {
    const root = after.root();
    expect(after.vectorLength(root, 6)).toBe(1);
    const entry = after.element(root, 6, 0);
    expect(after.string(entry, 0)).toBe('TFLITE_METADATA');
    const index = after.view.getUint32(after.slot(entry, 1) ?? 0, true);
    expect(index).toBe(before.vectorLength(before.root(), 4));
    const data = after.deref(after.element(root, 4, index), 0);
    // The nested FlatBuffer starts 16-aligned, as the metadata parser expects.
    expect((data + 4) % 16).toBe(0);
    const metadata = new Reader(
      patched.subarray(data + 4, data + 4 + after.view.getUint32(data, true)),
    );
    expect(metadata.identifier()).toBe('M001');
    const subgraph = metadata.element(metadata.root(), 3, 0);
    expect(metadata.vectorLength(subgraph, 2)).toBe(1);
    expect(metadata.vectorLength(subgraph, 3)).toBe(1);
    const input = metadata.element(subgraph, 2, 0);
    const unit = metadata.element(input, 4, 0);
    expect(metadata.view.getUint8(metadata.slot(unit, 0) ?? 0)).toBe(1); // NormalizationOptions
    const options = metadata.deref(unit, 1);
    expect(metadata.floats(options, 0)).toEqual([0]);
    expect(metadata.floats(options, 1)).toEqual([255]);
  });

  it('leaves a model that has metadata as it is, and refuses what is not a model', () => {
    expect(withNormalizationMetadata(patched)).toBe(patched);
    expect(() => withNormalizationMetadata(new Uint8Array(64))).toThrow(/not a TFLite model/);
  });
});
