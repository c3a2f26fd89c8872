// Equal worlds are one state of the search, so each world needs a key that is equal exactly when
// the worlds are. The key is made by hash-consing: every object and array gets a number that
// stands for its whole content (its keys, and each field's value or number), the same number for
// equal contents and a different one otherwise. A content is a short row of whole numbers, kept
// in one typed array, and found again through a hash table of its own.
//
// A world made by a command shares every part it did not change with the world it came from:
// given that world (`like`), a part that is the very same object has the number it had there, and
// only the parts that changed are encoded. It knows no field of a world, so a field the model
// gains is covered without a change here.
//
// By hand because the libraries that hash objects (object-hash, fast-json-stable-stringify and
// the like) encode a whole value into a string on every call: that is the cost sharing saves, and
// a string per state is the memory a search cannot spare.

/** An object's keys, sorted (the order a content is encoded in, so key order does not count), and its number. */
interface Shape {
	readonly id: number;
	/** The keys in the order the objects of this entry list them. */
	readonly listed: readonly string[];
	readonly sorted: readonly string[];
	/** Where each listed key is in `sorted`. */
	readonly slots: readonly number[];
}

// A field's code: the number of an object or array (…00), a small whole number (…01), or the
// number of any other value (…10): a string, true, false, null, undefined, a fraction.
const objectCode = (key: number) => key * 4;
const smallCode = (value: number) => value * 4 + 1;
const smallLimit = 2 ** 28;
const otherCode = (number: number) => number * 4 + 2;
const nullCode = otherCode(0);
const trueCode = otherCode(1);
const falseCode = otherCode(2);
const undefinedCode = otherCode(3);
const fixedOthers = 4;

export class StateKeys {
	/** Every content, one after another: its length, its shape (arrays: −1 − length), its fields' codes. */
	private pool = new Int32Array(1 << 16);
	private poolUsed = 0;
	/** Where each key's content starts in the pool. */
	private starts = new Int32Array(1 << 12);
	private count = 0;
	/** Open addressing: key + 1 in a slot, 0 when empty. */
	private table = new Int32Array(1 << 13);
	/** Contents being encoded, nested: an object's fields are coded before it is looked up. */
	private scratch = new Int32Array(1 << 10);
	private top = 0;
	private readonly shapes = new Map<string, Shape[]>();
	private shapeCount = 0;
	/** A shape for each id: the guess for a value like one of that shape. */
	private readonly shapesById: Shape[] = [];
	private readonly others = new Map<unknown, number>();
	/** An object's field values (and its `like` value's), in listed order, at the same places as its content on the scratch stack. */
	private readonly values: unknown[] = [];
	private readonly hintValues: unknown[] = [];

	/**
	 * The key of `value`'s content: equal for equal plain objects and arrays, different otherwise.
	 * `like` and `likeKey`, a value keyed before and its key, make the parts `value` shares with it cost nothing.
	 */
	keyOf(value: object, like?: object, likeKey = -1): number {
		const base = this.top;
		const hint = likeKey < 0 ? undefined : (like as Record<string, unknown> | undefined);
		const hintAt = likeKey < 0 ? -1 : this.starts[likeKey]!;
		if (Array.isArray(value)) {
			const length = value.length;
			this.reserve(base, length);
			this.scratch[base] = -1 - length;
			const sameKind = hint !== undefined && this.pool[hintAt + 1] === -1 - (hint as unknown as unknown[]).length;
			let same = sameKind && length === (hint as unknown as unknown[]).length;
			for (let index = 0; index < length; index += 1) {
				const inHint = sameKind && index < (hint as unknown as unknown[]).length;
				// Coded first: coding a nested content may grow the scratch array.
				const code = this.code(value[index], inHint ? (hint as unknown as unknown[])[index] : undefined, inHint ? hintAt + 2 + index : -1);
				this.scratch[base + 1 + index] = code;
				same &&= code === this.pool[hintAt + 2 + index];
			}
			return same ? this.unchanged(base, likeKey) : this.find(base, length + 1);
		}
		const record = value as Record<string, unknown>;
		const hintShape = hint === undefined ? -1 : this.pool[hintAt + 1]!;
		const guess = hintShape >= 0 ? this.shapesById[hintShape] : undefined;
		// The fields in the order listed, read inside for…in: V8 reads `record[key]` there straight
		// from the object's layout, where a read by a key from an array is a slow generic lookup.
		const values = this.values;
		let count = 0;
		let listedAsGuess = guess !== undefined;
		for (const key in record) {
			if (listedAsGuess && key !== guess!.listed[count]) listedAsGuess = false;
			values[base + count] = record[key];
			count += 1;
		}
		const shape = listedAsGuess && count === guess!.listed.length ? guess! : this.shapeOf(record);
		const fields = shape.listed.length;
		const sameShape = hint !== undefined && hintShape === shape.id;
		const hintValues = this.hintValues;
		if (sameShape) {
			let index = 0;
			for (const key in hint) {
				if (key !== shape.listed[index]) break;
				hintValues[base + index] = hint[key];
				index += 1;
			}
			// Listed in another order (rare): read by name.
			if (index !== fields) for (index = 0; index < fields; index += 1) hintValues[base + index] = hint[shape.listed[index]!];
		}
		this.reserve(base, fields);
		this.scratch[base] = shape.id;
		let same = sameShape;
		for (let index = 0; index < fields; index += 1) {
			const slot = shape.slots[index]!;
			const code = this.code(values[base + index], sameShape ? hintValues[base + index] : undefined, sameShape ? hintAt + 2 + slot : -1);
			this.scratch[base + 1 + slot] = code;
			same &&= code === this.pool[hintAt + 2 + slot];
		}
		return same ? this.unchanged(base, likeKey) : this.find(base, fields + 1);
	}

	/** Room on the scratch stack for a content of `fields` fields at `base`; nested contents go above it. */
	private reserve(base: number, fields: number) {
		const end = base + 1 + fields;
		if (end > this.scratch.length) this.scratch = grown(this.scratch, end * 2);
		this.top = end;
	}

	/** `hintAt`: where in the pool the code of the same field of the `like` value is (−1: none). */
	private code(value: unknown, hinted: unknown, hintAt: number): number {
		// The same value as the `like` value's field (an unchanged part, a name, a status) has its code.
		if (hintAt >= 0 && hinted === value) return this.pool[hintAt]!;
		if (typeof value === 'number' && Number.isInteger(value) && value > -smallLimit && value < smallLimit) return smallCode(value);
		if (typeof value === 'object' && value !== null) {
			const hintCode = hintAt >= 0 ? this.pool[hintAt]! : 1;
			const hintKey = typeof hinted === 'object' && hinted !== null && (hintCode & 3) === 0 ? hintCode / 4 : -1;
			return objectCode(this.keyOf(value, hinted as object, hintKey));
		}
		// The commonest values of a world, without a lookup.
		if (value === null) return nullCode;
		if (value === true) return trueCode;
		if (value === false) return falseCode;
		if (value === undefined) return undefinedCode;
		if (typeof value === 'function' || typeof value === 'symbol') throw new TypeError(`a world holds only plain data, found a ${typeof value}`);
		let number = this.others.get(value);
		if (number === undefined) {
			number = this.others.size + fixedOthers;
			this.others.set(value, number);
		}
		return otherCode(number);
	}

	/** Every field coded as the `like` value's: the content is that value's, and so is its key (no lookup). */
	private unchanged(base: number, likeKey: number): number {
		this.top = base;
		return likeKey;
	}

	/** The key of the content on the scratch stack at `base` (`length` numbers), given one if it is new. */
	private find(base: number, length: number): number {
		this.top = base;
		const mask = this.table.length - 1;
		for (let slot = hashOf(this.scratch, base, length) & mask; ; slot = (slot + 1) & mask) {
			const entry = this.table[slot]!;
			if (entry === 0) break;
			if (this.equals(entry - 1, base, length)) return entry - 1;
		}
		return this.add(base, length);
	}

	private equals(key: number, base: number, length: number): boolean {
		const at = this.starts[key]!;
		if (this.pool[at] !== length) return false;
		for (let index = 0; index < length; index += 1) if (this.pool[at + 1 + index] !== this.scratch[base + index]) return false;
		return true;
	}

	private add(base: number, length: number): number {
		const key = this.count;
		if (this.poolUsed + length + 1 > this.pool.length) this.pool = grown(this.pool, (this.poolUsed + length + 1) * 2);
		if (key >= this.starts.length) this.starts = grown(this.starts, key * 2);
		this.starts[key] = this.poolUsed;
		this.pool[this.poolUsed] = length;
		for (let index = 0; index < length; index += 1) this.pool[this.poolUsed + 1 + index] = this.scratch[base + index]!;
		this.poolUsed += length + 1;
		this.count += 1;
		// At most half full, so a lookup finds an empty slot soon.
		if (this.count * 2 > this.table.length) this.rehash();
		else this.insert(key);
		return key;
	}

	private insert(key: number) {
		const at = this.starts[key]!;
		const mask = this.table.length - 1;
		let slot = hashOf(this.pool, at + 1, this.pool[at]!) & mask;
		while (this.table[slot] !== 0) slot = (slot + 1) & mask;
		this.table[slot] = key + 1;
	}

	private rehash() {
		this.table = new Int32Array(this.table.length * 2);
		for (let key = 0; key < this.count; key += 1) this.insert(key);
	}

	/** The shape of `record`, found by its keys. */
	private shapeOf(record: Record<string, unknown>): Shape {
		const listed = Object.keys(record);
		const first = listed[0] ?? '';
		let candidates = this.shapes.get(first);
		const known = candidates?.find(shape => sameKeys(shape.listed, listed));
		if (known) return known;
		const sorted = [...listed].sort();
		// The same keys listed in another order are the same shape.
		const same = [...this.shapes.values()].flat().find(shape => sameKeys(shape.sorted, sorted));
		const shape = {id: same?.id ?? this.shapeCount++, listed, sorted, slots: listed.map(key => sorted.indexOf(key))};
		if (!candidates) {
			candidates = [];
			this.shapes.set(first, candidates);
		}
		candidates.push(shape);
		this.shapesById[shape.id] ??= shape;
		return shape;
	}
}

/** FNV-1a over the numbers, then mixed (murmur3's finish), so that near contents land far apart. */
function hashOf(row: Int32Array, from: number, length: number): number {
	let hash = 0x811c9dc5;
	for (let index = from; index < from + length; index += 1) hash = Math.imul(hash ^ row[index]!, 0x01000193);
	hash ^= hash >>> 16;
	hash = Math.imul(hash, 0x85ebca6b);
	hash ^= hash >>> 13;
	return hash;
}

function sameKeys(one: readonly string[], other: readonly string[]): boolean {
	if (one.length !== other.length) return false;
	for (let index = 0; index < one.length; index += 1) if (one[index] !== other[index]) return false;
	return true;
}

function grown(array: Int32Array, length: number): Int32Array<ArrayBuffer> {
	const bigger = new Int32Array(length);
	bigger.set(array);
	return bigger;
}
