/**
 * What an import can fill. The pipeline (upload, mapping, validation of every row, all-or-nothing write,
 * progress, notification) is the same for every target; a target says which contract a row follows, what
 * makes two rows the same thing, what it checks against the database, and how it writes. A module declares
 * the targets of what it owns in its manifest (`importTargets`); `app.ts` composes them (ADR 7).
 */
import type { ImportRowChange, Tier } from '@hosewright/domain';
import type { Tx } from '../../db/client.ts';
import type { ImportError } from './types.ts';

/**
 * What writing did to one created or updated item: `index` is its place in what the writer was given
 * (the pipeline turns it into the file's row); an update names what it changed (`fieldChanges`).
 */
export type WrittenChange = Omit<ImportRowChange, 'row' | 'change'> & {
  index: number;
  change: 'created' | 'updated';
};

/**
 * What a target's write did: every row given was created, updated (something in it differed from what was
 * saved) or unchanged (nothing is written for it), and `changes` has each created and updated one in the
 * order given.
 */
export interface WriteOutcome {
  created: number;
  updated: number;
  unchanged: number;
  changes: WrittenChange[];
}

/** A zod object as the importer reads it: its fields and a parse. */
export interface RowSchema {
  shape: Record<string, unknown>;
  safeParse(value: unknown): {
    success: boolean;
    data?: unknown;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  };
}

/** The identity of a row (two rows with one key are the same thing), and what messages say about it. */
export interface RowKey {
  key: string;
  /** The field the duplicate message is reported against. */
  field: string;
  /** Small values the checks and messages need ('brand', 'partNumber', ...). */
  ref: Record<string, string>;
}

export interface KeyedRow {
  row: number;
  ref: Record<string, string>;
}

/** A row that passed validation, with its spreadsheet row number. */
export interface ValidRow {
  row: number;
  input: unknown;
}

export interface ImportTarget {
  /** The upload's `kind` and the import log's `target`. */
  name: string;
  /** Other spellings an upload's `kind` may use, lower case (a component kind's slug, a plural). */
  aliases?: readonly string[];
  /** Lower case, for messages: 'hose' / 'hoses', 'customer' / 'customers'. */
  label: { one: string; other: string };
  /** Only these tiers may import it (undefined: any tier). */
  subscriptions?: readonly Tier[];
  /** The row contract. */
  schema: RowSchema;
  /** Values every row gets before parsing (a component row's `kind`); not importable columns. */
  constants?: Record<string, unknown>;
  /** Headers shops commonly use for a field, normalised (see normalizeHeader). */
  synonyms: Record<string, string>;
  /** The row's identity from its converted cells; null when it has none (its own errors say why). */
  keyOf(values: Record<string, unknown>): RowKey | null;
  duplicateMessage(ref: Record<string, string>, firstRow: number): string;
  /** Problems only the database can tell (a catalogue part number, an unknown customer), by row. */
  check?(tx: Tx, organizationId: string, rows: ReadonlyMap<string, KeyedRow>): Promise<ImportError[]>;
  /**
   * Writes every input in the caller's transaction, on behalf of `userId` (who started the import); answers
   * what it did to each (an input equal to what is saved is not written). Called once, after every row
   * passed and `check` found nothing.
   */
  write?(
    tx: Tx,
    organizationId: string,
    inputs: readonly unknown[],
    onProgress: (done: number) => void,
    userId: string | null,
  ): Promise<WriteOutcome>;
  /**
   * Instead of `write`: writes rows while later rows are still being validated, all in one transaction that
   * is rolled back unless every row passes (a large file is never held in memory, and on PostgreSQL the
   * database writes while the server validates). Answers what it did to each row (compared with what is
   * saved in one read per batch) and the rows it refused (what `check` would report); `check` then only
   * sees the rows that were never written.
   */
  writeBatch?(
    tx: Tx,
    organizationId: string,
    rows: readonly ValidRow[],
  ): Promise<WriteOutcome & { refused: ImportError[] }>;
  /**
   * After the last batch of a `writeBatch` target, in its transaction: what the file removed by leaving it
   * out (a price list's file replaces the list), each named as the log shows it.
   */
  afterBatches?(tx: Tx, organizationId: string): Promise<string[]>;
  /** Where the web app shows an import of this target (`/{url}`). */
  url(importLogId: string): string;
  template: {
    fileStem: string;
    sheet: string;
    example: Record<string, string | number | boolean>;
  };
}

/** The targets the app was composed with (see `createImportTargets`), as the pipeline looks them up. */
export interface ImportTargets {
  /** Every target, in the order the manifests declare them. */
  readonly all: readonly ImportTarget[];
  /** The target a stored import log names; throws for a name no target has (a log from a newer version). */
  get(name: string): ImportTarget;
  /** The target an upload's `kind` names: a target name or one of a target's aliases (any case). */
  find(text: string): ImportTarget | undefined;
  /** Whether a target has this name. */
  has(name: unknown): name is string;
}
