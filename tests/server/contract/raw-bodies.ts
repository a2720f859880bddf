import fc from "fast-check";

// Bodies sent as bytes rather than as JSON values: what a client gets wrong below the JSON level.

/** A body as sent: its bytes, its Content-Type (none when undefined) and what kind of wrong it is. */
export interface Raw {
  contentType?: string;
  body: string | Uint8Array<ArrayBuffer>;
  kind: string;
  [fc.toStringMethod]?: () => string;
}

const encoder = new TextEncoder();

/** A body as fast-check reports it in a counterexample: its kind and size, never a megabyte of brackets. */
function raw(kind: string, contentType: string | undefined, body: string | Uint8Array<ArrayBuffer>): Raw {
  const bytes = typeof body === "string" ? encoder.encode(body).length : body.length;
  return { kind, contentType, body, [fc.toStringMethod]: () => `${kind} (${contentType ?? "no content type"}, ${bytes} bytes)` };
}

/** A JSON object of `bytes` bytes exactly: one field holding a long string. */
function sized(field: string, bytes: number, unit: string): string {
  const shell = JSON.stringify({ [field]: "" });
  const room = Math.max(0, bytes - encoder.encode(shell).length);
  const unitBytes = encoder.encode(unit).length;
  const text = unit.repeat(Math.floor(room / unitBytes)) + "x".repeat(room % unitBytes);
  return JSON.stringify({ [field]: text });
}

/** Arrays or objects nested `depth` deep, under a field or as the whole body. */
function nested(depth: number, objects: boolean, field: string | undefined): string {
  const inner = objects ? '{"a":'.repeat(depth) + "1" + "}".repeat(depth) : "[".repeat(depth) + "]".repeat(depth);
  return field === undefined ? inner : `{${JSON.stringify(field)}:${inner}}`;
}

/** What is not a JSON body: broken JSON, other media types, text that is not UTF-8. */
export const rawBodies = fc.oneof(
  fc.constantFrom<Raw>(
    raw("truncated JSON", "application/json", '{"email": '),
    raw("NaN", "application/json", "NaN"),
    raw("single quotes", "application/json", "{'email':'a@b.co'}"),
    raw("trailing comma", "application/json", '{"a":1,}'),
    raw("two documents", "application/json", "{}{}"),
    raw("form", "application/x-www-form-urlencoded", "email=a%40b.co&password=x"),
    raw("multipart", "multipart/form-data; boundary=x", '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--'),
    raw("text", "text/plain", '{"email":"a@b.co"}'),
    raw("no content type", undefined, '{"email":"a@b.co"}'),
    raw("xml", "application/xml", "<a/>"),
    raw("BOM then JSON", "application/json", new Uint8Array([0xef, 0xbb, 0xbf, ...encoder.encode("{}")])),
    raw("stray byte", "application/json", new Uint8Array([...encoder.encode('{"a":"'), 0xff, ...encoder.encode('"}')])),
    raw("overlong NUL", "application/json", new Uint8Array([...encoder.encode('{"a":"'), 0xc0, 0x80, ...encoder.encode('"}')])),
    raw("UTF-8 surrogate", "application/json", new Uint8Array([...encoder.encode('{"a":"'), 0xed, 0xa0, 0x80, ...encoder.encode('"}')])),
  ),
  fc
    .tuple(fc.constantFrom("application/json", "text/plain", "application/vnd.api+json"), fc.string({ unit: "binary", maxLength: 60 }))
    .map(([contentType, text]) => raw("random text", contentType, text)),
  fc.uint8Array({ maxLength: 60 }).map((bytes) => raw("random bytes", "application/json", new Uint8Array(bytes))),
);

/** Bodies of up to a few KiB past `limit` bytes, most of them close to it on either side. */
export function hugeBodies(fields: readonly string[], limit: number): fc.Arbitrary<Raw> {
  return fc
    .tuple(
      fc.oneof(fc.integer({ min: limit - 256, max: limit }), fc.integer({ min: limit + 1, max: limit + 4096 }), fc.integer({ min: 1, max: limit })),
      fc.constantFrom(...(fields.length > 0 ? fields : ["pad"])),
      fc.constantFrom("x", "é", "😀", "ا"),
    )
    .map(([bytes, field, unit]) => raw(bytes > limit ? "over the limit" : "near the limit", "application/json", sized(field, bytes, unit)));
}

/** Arrays or objects nested deep, a few up to what `limit` bytes can hold. */
export function deepBodies(fields: readonly string[], limit: number): fc.Arbitrary<Raw> {
  // Up to the body limit: a 1 MiB body holds about half a million brackets.
  return fc
    .tuple(
      fc.oneof(
        { weight: 4, arbitrary: fc.integer({ min: 1, max: 5_000 }) },
        { weight: 1, arbitrary: fc.integer({ min: 100_000, max: Math.floor(limit / 2) - 16 }) },
      ),
      fc.boolean(),
      fc.option(fc.constantFrom(...(fields.length > 0 ? fields : ["a"]))),
    )
    .map(([depth, objects, field]) =>
      raw(`deep ${objects ? "objects" : "arrays"}`, "application/json", nested(objects ? Math.floor(depth / 3) : depth, objects, field ?? undefined)),
    );
}
