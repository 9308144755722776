import { createRequire } from 'node:module';
import * as proto from '@temporalio/proto';
import { patchProtobufRoot } from '@temporalio/proto/lib/patch-protobuf-root';

/**
 * Temporal's JSON history format (what `temporal workflow show -o json` writes), both ways.
 *
 * Why not `historyToJSON`/`historyFromJSON` from `@temporalio/common`: this install has three
 * copies of protobufjs 8 (nested under @temporalio/proto, /common and /worker, because another
 * package pins protobufjs 7 at the top), and those helpers hand @temporalio/proto's message types
 * to @temporalio/common's protobufjs, whose `instanceof Type` check then fails ("type must be a
 * Type"). Here the JSON codec is taken from the same protobufjs copy @temporalio/proto uses,
 * wherever the install put it.
 */
type ProtoJson = {
  toJson(type: unknown, message: unknown): unknown;
  fromJson(type: unknown, json: unknown, options?: { ignoreUnknownFields?: boolean }): unknown;
};
const protojson: ProtoJson = createRequire(require.resolve('@temporalio/proto'))('protobufjs/ext/protojson');
const historyType = (patchProtobufRoot(proto) as any).lookupType('temporal.api.history.v1.History');

export type History = proto.temporal.api.history.v1.IHistory;

export function historyToJson(history: History): string {
  const message = proto.temporal.api.history.v1.History.fromObject(history);
  return `${JSON.stringify(protojson.toJson(historyType, message), null, 2)}\n`;
}

/** A History whose event ids are Longs, as `Worker.runReplayHistories` takes it without conversion. */
export function historyFromJson(json: unknown): History {
  const history = protojson.fromJson(historyType, json, { ignoreUnknownFields: true }) as History | null;
  if (!history?.events?.length) throw new TypeError('Not a Temporal history: no events');
  return history;
}
