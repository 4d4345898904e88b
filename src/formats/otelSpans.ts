/**
 * OTLP JSON, the wrapping the GenAI spans arrive in: an export request's
 * spans in file order, attribute values unwrapped (`{stringValue}`,
 * `{intValue}` as a decimal string, `{arrayValue: {values}}`, …). `otel.ts`
 * reads the conversation from them.
 */
import type { JsonRecord } from './json';
import { arr, field, isRecord, rec, str } from './json';
export type Attributes = Map<string, unknown>;

export interface Span {
  id: string;
  name: string;
  attributes: Attributes;
  events: { name: string; attributes: Attributes }[];
  end: bigint;
  /** Where the span sits in the file: `line` for JSONL, a JSON path for JSON. */
  path: string;
  line?: number;
}
// ---- OTLP JSON ----

/** An OTLP `AnyValue` as a plain value; 64-bit integers arrive as decimal strings. */
export function anyValue(value: unknown, depth = 0): unknown {
  if (!isRecord(value) || depth > 32) return undefined;
  if ('stringValue' in value) return field(value, 'stringValue');
  if ('boolValue' in value) return field(value, 'boolValue');
  if ('intValue' in value) {
    const raw = field(value, 'intValue');
    const n = typeof raw === 'string' ? Number(raw) : raw;
    return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
  }
  if ('doubleValue' in value) return field(value, 'doubleValue');
  const array = rec(value, 'arrayValue');
  if (array) return (arr(array, 'values') ?? []).map((v) => anyValue(v, depth + 1));
  const list = rec(value, 'kvlistValue');
  if (list) return Object.fromEntries(attributeMap(arr(list, 'values') ?? [], depth + 1));
  return field(value, 'bytesValue');
}

export function attributeMap(list: readonly unknown[], depth = 0): Attributes {
  const map: Attributes = new Map();
  for (const kv of list) {
    if (!isRecord(kv)) continue;
    const key = str(kv, 'key');
    if (key !== undefined) map.set(key, anyValue(field(kv, 'value'), depth));
  }
  return map;
}

export function nanos(value: unknown): bigint {
  if (typeof value !== 'string' && typeof value !== 'number') return 0n;
  try {
    return BigInt(typeof value === 'number' ? Math.trunc(value) : value);
  } catch {
    return 0n;
  }
}

/** Every span of one export request, in file order. */
export function spansOf(request: JsonRecord, base: string, line?: number): Span[] {
  const spans: Span[] = [];
  (arr(request, 'resourceSpans') ?? []).forEach((resource, r) => {
    if (!isRecord(resource)) return;
    // `instrumentationLibrarySpans` is the name before OTLP 0.15.
    const scopes = arr(resource, 'scopeSpans') ?? arr(resource, 'instrumentationLibrarySpans') ?? [];
    const scopeKey = arr(resource, 'scopeSpans') ? 'scopeSpans' : 'instrumentationLibrarySpans';
    scopes.forEach((scope, s) => {
      if (!isRecord(scope)) return;
      (arr(scope, 'spans') ?? []).forEach((span, k) => {
        if (!isRecord(span)) return;
        spans.push({
          id: str(span, 'spanId') || `span${spans.length}`,
          name: str(span, 'name') ?? '',
          attributes: attributeMap(arr(span, 'attributes') ?? []),
          events: (arr(span, 'events') ?? []).filter(isRecord).map((event) => ({
            name: str(event, 'name') ?? '',
            attributes: attributeMap(arr(event, 'attributes') ?? []),
          })),
          end: nanos(field(span, 'endTimeUnixNano') ?? field(span, 'startTimeUnixNano')),
          path: `${base}.resourceSpans[${r}].${scopeKey}[${s}].spans[${k}]`,
          line,
        });
      });
    });
  });
  return spans;
}
