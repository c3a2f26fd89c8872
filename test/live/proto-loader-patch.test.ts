// @grpc/proto-loader as patches/@grpc+proto-loader+0.7.15.patch leaves it, against its own code: the
// patch is taken back from a copy of the package, and both make the package definition of etcd's
// services (what etcd3 loads) from the same JSON. The descriptors the patch makes on first read
// must be the ones the original makes as it loads.

import {execFileSync} from 'node:child_process';
import {cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {AnyDefinition, EnumTypeDefinition, MessageTypeDefinition, PackageDefinition, ProtobufTypeDefinition} from '@grpc/proto-loader';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';

type ProtoLoader = typeof import('@grpc/proto-loader');

const root = path.resolve(import.meta.dirname, '../..');
const patchFile = path.join(root, 'patches/@grpc+proto-loader+0.7.15.patch');
const packageDirectory = path.join(root, 'node_modules/@grpc/proto-loader');
const requireHere = createRequire(import.meta.url);
let copy: string;
let patched: ProtoLoader;
let original: ProtoLoader;
/** etcd's services and messages as JSON, read as scripts/build.mjs reads them into the bundle. */
let etcdJson: object;

beforeAll(() => {
	copy = mkdtempSync(path.join(tmpdir(), 'dlock-proto-loader-'));
	cpSync(packageDirectory, path.join(copy, 'node_modules/@grpc/proto-loader'), {recursive: true});
	execFileSync('git', ['apply', '--reverse', patchFile], {cwd: copy});
	// Its dependencies are the installed ones: the same protobufjs for both.
	for (const name of ['protobufjs', 'long', 'lodash.camelcase']) symlinkSync(path.join(root, 'node_modules', name), path.join(copy, 'node_modules', name));
	patched = requireHere('@grpc/proto-loader');
	original = createRequire(path.join(copy, 'node_modules/@grpc/proto-loader/package.json'))('./build/src/index.js');
	const protobuf = createRequire(path.join(packageDirectory, 'package.json'))('protobufjs');
	etcdJson = new protobuf.Root().loadSync(path.join(root, 'node_modules/etcd3/proto/rpc.proto'), {keepCase: true}).toJSON();
});

afterAll(() => rmSync(copy, {recursive: true, force: true}));

/**
 * A message's or enum's definition with its descriptor read, and its file descriptors as text: every
 * definition has the same ones, each compared as a byte at a time would take seconds.
 */
const descriptors = ({format, type, fileDescriptorProtos}: ProtobufTypeDefinition) => ({
	format,
	type,
	fileDescriptorProtos: fileDescriptorProtos.map(buffer => buffer.toString('base64')),
});

const isTypeDefinition = (value: AnyDefinition): value is MessageTypeDefinition | EnumTypeDefinition => 'format' in value;

/** Every definition with its descriptors read: each message's and enum's, and each method's types'. */
function described(definition: PackageDefinition): Record<string, unknown> {
	return Object.fromEntries(
		Object.entries(definition).map(([name, value]) => {
			if (isTypeDefinition(value)) return [name, descriptors(value)];
			const methods = Object.entries(value).map(([method, {path, requestStream, responseStream, originalName, options, requestType, responseType}]) => [
				method,
				{path, requestStream, responseStream, originalName, options, requestType: descriptors(requestType), responseType: descriptors(responseType)},
			]);
			return [name, Object.fromEntries(methods)];
		}),
	);
}

describe("@grpc/proto-loader's descriptors, patched", () => {
	test('the patch is applied here and taken back in the copy', () => {
		const patchedText = readFileSync(path.join(packageDirectory, 'build/src/index.js'), 'utf8');
		const originalText = readFileSync(path.join(copy, 'node_modules/@grpc/proto-loader/build/src/index.js'), 'utf8');
		expect(patchedText).toContain('dlock-tui patch (lazy-descriptors)');
		expect(originalText).not.toContain('dlock-tui patch');
		expect(originalText).toContain('type: messageDescriptor.$type.toObject(messageDescriptor, descriptorOptions),');
	});

	test("etcd's package definition is made without its descriptors, which are the original's when read", () => {
		const lazy = patched.fromJSON(structuredClone(etcdJson), {keepCase: true});
		const eager = original.fromJSON(structuredClone(etcdJson), {keepCase: true});
		expect(Object.keys(lazy)).toEqual(Object.keys(eager));
		// Not made yet: a getter stands where the original has the value.
		const range = lazy['etcdserverpb.RangeRequest']!;
		expect(Object.getOwnPropertyDescriptor(range, 'type')?.get).toBeTypeOf('function');
		expect(Object.getOwnPropertyDescriptor(eager['etcdserverpb.RangeRequest']!, 'type')?.value).toBeTypeOf('object');
		expect(described(lazy)).toEqual(described(eager));
		// Each made once: read again, the same objects.
		expect(range.type).toBe(range.type);
		expect(range.fileDescriptorProtos).toBe(lazy['mvccpb.KeyValue']!.fileDescriptorProtos);
	});
});
