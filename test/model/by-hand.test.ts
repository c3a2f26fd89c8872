// A cut or heal given by hand that changes no link is refused as no change; a scenario may say
// one, and it stays what it always was: never refused.

import {describe, expect, test} from 'vitest';
import {applyByHand, applyCommand} from '../../source/model/apply.js';
import {command, run, worldOf} from './helpers.js';

const nodes = worldOf({clients: [{name: 'A'}, {name: 'B'}], nodes: [{name: 'L1'}, {name: 'L2'}, {name: 'L3'}], tokens: 'none'});

describe('a cut or heal by hand', () => {
	test('that changes no link is refused, and the world stays as it was', () => {
		const cut = run(nodes, 'partition A').world;
		for (const [world, line, refusal] of [
			[cut, 'partition A', {kind: 'no-change', client: 'A', cut: true, peers: []}],
			[cut, 'partition A L2 lock', {kind: 'no-change', client: 'A', cut: true, peers: ['L2', 'lock']}],
			[nodes, 'heal A', {kind: 'no-change', client: 'A', cut: false, peers: []}],
			[cut, 'heal A resource', {kind: 'no-change', client: 'A', cut: false, peers: ['resource']}],
		] as const) {
			const outcome = applyByHand(world, command(line));
			expect(outcome.refused, line).toEqual(refusal);
			expect(outcome.world, line).toBe(world);
			expect(outcome.events, line).toEqual([]);
			// In a scenario it is what it always was: a cut or heal of nothing, never refused.
			expect(applyCommand(world, command(line)).refused, line).toBeNull();
		}
	});

	test('that changes a link, or any other command, is played as in a scenario', () => {
		const cut = run(nodes, 'partition A L1').world;
		for (const [world, line] of [
			[cut, 'partition A'],
			[cut, 'heal A'],
			[nodes, 'partition A resource'],
			[nodes, 'acquire A'],
			[nodes, 'write A'],
		] as const) {
			expect(applyByHand(world, command(line)), line).toEqual(applyCommand(world, command(line)));
		}
	});
});
