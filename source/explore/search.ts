// Breadth-first search over what could happen next: from a start, every move in turn, level by
// level, each state once. The first target found is at the smallest depth there is. It runs in
// slices (`advance`), so the caller can show progress and stop it between them.

/** What is searched: states, the moves tried from each, and what counts as found. */
export interface SearchSpace<State, Move> {
	readonly start: State;
	readonly moves: readonly Move[];
	/**
	 * The state after `move`, or null when the move cannot be made (a refused command is no move).
	 * It may be `state` itself when the move changes nothing: that state is seen already.
	 */
	readonly next: (state: State, move: Move) => State | null;
	/**
	 * Equal states have equal keys, different ones different keys: whole numbers from 0 up, dense
	 * (the states seen are marked in a bit array by key). `from` and `fromKey` are the state the
	 * move was made from and its key (null and −1 for the start).
	 */
	readonly key: (state: State, from: State | null, fromKey: number) => number;
	readonly isTarget: (state: State) => boolean;
	/** How many moves deep to look. */
	readonly depth: number;
	/** Stop (as `too-many`) rather than hold more states than this. */
	readonly maxStates: number;
}

export type SearchStatus =
	| {readonly kind: 'running'}
	| {readonly kind: 'found'; readonly moves: readonly number[]}
	/** Every state up to the depth was seen and none is the target; `exhausted`: no state was left to see before the depth. */
	| {readonly kind: 'none'; readonly exhausted: boolean}
	| {readonly kind: 'too-many'};

/** Per state, 4 bytes for its parent and 2 for the move that made it: how a path is found again. */
class Parents {
	private parents = new Int32Array(1024);
	private movesMade = new Uint16Array(1024);

	set(state: number, parent: number, move: number) {
		if (state >= this.parents.length) {
			const grown = new Int32Array(this.parents.length * 2);
			grown.set(this.parents);
			this.parents = grown;
			const grownMoves = new Uint16Array(grown.length);
			grownMoves.set(this.movesMade);
			this.movesMade = grownMoves;
		}
		this.parents[state] = parent;
		this.movesMade[state] = move;
	}

	pathTo(state: number): number[] {
		const path: number[] = [];
		for (let at = state; at > 0; at = this.parents[at]!) path.push(this.movesMade[at]!);
		return path.reverse();
	}
}

/** Which keys have been seen: one bit each. */
class KeySet {
	private bits = new Uint32Array(1024);

	/** Marks `key`; false when it was marked already. */
	add(key: number): boolean {
		const word = key >>> 5;
		if (word >= this.bits.length) {
			const grown = new Uint32Array(Math.max(word + 1, this.bits.length * 2));
			grown.set(this.bits);
			this.bits = grown;
		}
		const bit = 1 << (key & 31);
		if ((this.bits[word]! & bit) !== 0) return false;
		this.bits[word]! |= bit;
		return true;
	}
}

export const maxMoves = 65_535;

export class BreadthFirstSearch<State, Move> {
	/** Distinct states seen, the start included. */
	states = 1;
	/** The depth of the states being expanded now: every state shallower than this has been expanded. */
	depth = 0;
	/** States expanded at the current depth, of `levelSize`. */
	expanded = 0;
	/** The moves tried so far from the state being expanded (the one after the `expanded` first). */
	private movesTried = 0;
	private readonly seen = new KeySet();
	private readonly parents = new Parents();
	/** The states at the current depth, their numbers (in the order seen) and their keys. */
	private level: State[];
	private levelIds: number[] = [0];
	private levelKeys: number[];
	private nextLevel: State[] = [];
	private nextIds: number[] = [];
	private nextKeys: number[] = [];
	private status: SearchStatus = {kind: 'running'};

	constructor(private readonly space: SearchSpace<State, Move>) {
		if (space.moves.length > maxMoves) throw new RangeError(`at most ${maxMoves} moves`);
		this.level = [space.start];
		const startKey = space.key(space.start, null, -1);
		this.levelKeys = [startKey];
		this.seen.add(startKey);
		if (space.isTarget(space.start)) this.status = {kind: 'found', moves: []};
		else if (space.depth === 0) this.status = {kind: 'none', exhausted: false};
	}

	get levelSize(): number {
		return this.level.length;
	}

	/**
	 * Tries up to `budget` moves (a state with none counts one), then says where the search stands.
	 * Counted in moves, not states: one state's moves can take long (a move of a million ticks),
	 * and the caller stops between two of them when its time is up.
	 */
	advance(budget: number): SearchStatus {
		for (let left = budget; left > 0 && this.status.kind === 'running'; left -= 1) {
			const at = this.expanded;
			const move = this.movesTried;
			this.movesTried += 1;
			if (this.movesTried >= this.space.moves.length) {
				this.movesTried = 0;
				this.expanded += 1;
			}
			if (move < this.space.moves.length) this.tryMove(at, move);
			if (this.status.kind === 'running' && this.expanded === this.level.length) this.finishLevel();
		}
		return this.status;
	}

	private tryMove(at: number, move: number) {
		const {moves, next, key, isTarget, maxStates} = this.space;
		const state = this.level[at]!;
		const after = next(state, moves[move]!);
		if (after === null || after === state) return;
		const afterKey = key(after, state, this.levelKeys[at]!);
		if (!this.seen.add(afterKey)) return;
		const afterId = this.states;
		this.states += 1;
		this.parents.set(afterId, this.levelIds[at]!, move);
		if (isTarget(after)) this.status = {kind: 'found', moves: this.parents.pathTo(afterId)};
		else if (this.states >= maxStates) this.status = {kind: 'too-many'};
		else {
			this.nextLevel.push(after);
			this.nextIds.push(afterId);
			this.nextKeys.push(afterKey);
		}
	}

	/** Ends the search as one that holds too much (the caller measures what it holds). */
	stopForSize(): SearchStatus {
		if (this.status.kind === 'running') this.status = {kind: 'too-many'};
		return this.status;
	}

	private finishLevel() {
		this.depth += 1;
		this.expanded = 0;
		this.level = this.nextLevel;
		this.levelIds = this.nextIds;
		this.levelKeys = this.nextKeys;
		this.nextLevel = [];
		this.nextIds = [];
		this.nextKeys = [];
		if (this.level.length === 0) this.status = {kind: 'none', exhausted: true};
		else if (this.depth >= this.space.depth) this.status = {kind: 'none', exhausted: false};
	}
}
