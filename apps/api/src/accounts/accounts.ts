import { ConflictException, Inject, Injectable } from '@nestjs/common';
import {
  Account,
  ACCOUNT_STREAM_PREFIX,
  AccountEvent,
  AccountEventMap,
  AccountEventType,
  accountStream,
  eventMetadata,
  Role,
  SignUpDto,
} from '@warpgate/contracts';
import { EventData, EventStore, RecordedEvent, WrongExpectedVersionError } from '@warpgate/event-store';
import { EVENT_STORE } from '@warpgate/platform';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { createHash, randomUUID } from 'node:crypto';
import { hashPassword, verifyPassword } from './password';

interface AccountState extends Account {
  passwordHash: string;
  /** Of the stream's last event, for appends with an expected revision. */
  revision: number;
}

function evolve(state: AccountState | undefined, recorded: RecordedEvent): AccountState | undefined {
  const event = { type: recorded.type, data: recorded.data } as AccountEvent;
  switch (event.type) {
    case 'AccountCreated':
      return { ...event.data, revision: recorded.revision };
    case 'AccountRoleChanged':
      return state && { ...state, role: event.data.role, revision: recorded.revision };
    default:
      return state;
  }
}

const view = ({ id, name, role }: AccountState): Account => ({ id, name, role });

function accountEvent<K extends AccountEventType>(
  type: K,
  data: AccountEventMap[K],
  metadata: { actor: string; correlationId: string; causationId?: string },
): EventData & { id: string } {
  return {
    id: randomUUID(),
    type,
    data,
    metadata: eventMetadata(metadata.actor, metadata.correlationId, metadata.causationId),
  };
}

/** What an unknown name's password is checked against, so that it takes as long as a known one. */
let unknownAccountHash: Promise<string> | undefined;

/** Accounts, each the fold of its `account-<id>` stream. Plain enough for the admin CLI to use without Nest. */
@Injectable()
export class Accounts {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  /**
   * The id is derived from the name, so the `no_stream` append of `AccountCreated` both creates the
   * account and lets exactly one of any number of concurrent sign-ups have the name.
   * `actor` defaults to the new account itself.
   */
  async create(
    { name, password, role }: { name: string; password: string; role: Role },
    actor?: string,
  ): Promise<Account> {
    const id = accountId(name);
    const passwordHash = await hashPassword(password);
    const created = accountEvent(
      'AccountCreated',
      { id, name, passwordHash, role },
      { actor: actor ?? id, correlationId: randomUUID() },
    );
    try {
      await this.store.append(accountStream(id), [created], 'no_stream');
    } catch (e) {
      if (e instanceof WrongExpectedVersionError) throw new ConflictException(`The name "${name}" is taken`);
      throw e;
    }
    return { id, name, role };
  }

  async get(id: string): Promise<Account | undefined> {
    const state = await this.load(id);
    return state && view(state);
  }

  /** The account whose name and password these are, or undefined, taking as long either way. */
  async authenticate(name: string, password: string): Promise<Account | undefined> {
    const state = await this.findByName(name);
    unknownAccountHash ??= hashPassword(randomUUID());
    const matches = await verifyPassword(password, state?.passwordHash ?? (await unknownAccountHash));
    return matches && state ? view(state) : undefined;
  }

  /** Every account, oldest first. */
  async list(): Promise<Account[]> {
    const created = await this.store.readAll({
      filter: { streamPrefixes: [ACCOUNT_STREAM_PREFIX], typePrefixes: ['AccountCreated'] },
    });
    const states = await Promise.all(created.map((event) => this.load((event.data as Account).id)));
    return states.flatMap((state) => (state ? [view(state)] : []));
  }

  /** Creates the account as an admin, or promotes the account of that name (its password unchanged). */
  async ensureAdmin(
    input: { name: string; password: string },
    actor: string,
  ): Promise<'created' | 'promoted' | 'already admin'> {
    const dto = plainToInstance(SignUpDto, input);
    const errors = await validate(dto);
    if (errors.length) throw new Error(errors.flatMap((e) => Object.values(e.constraints ?? {})).join('; '));
    const state = await this.findByName(dto.name);
    if (!state) {
      await this.create({ name: dto.name, password: dto.password, role: 'admin' }, actor);
      return 'created';
    }
    if (state.role === 'admin') return 'already admin';
    const promotion = accountEvent(
      'AccountRoleChanged',
      { role: 'admin' },
      { actor, correlationId: randomUUID() },
    );
    await this.store.append(accountStream(state.id), [promotion], state.revision);
    return 'promoted';
  }

  private async load(id: string): Promise<AccountState | undefined> {
    return (await this.store.readStream(accountStream(id))).reduce<AccountState | undefined>(
      evolve,
      undefined,
    );
  }

  private findByName(name: string): Promise<AccountState | undefined> {
    return this.load(accountId(name));
  }
}

/** A UUID-shaped hash of the name, case-insensitive: names are unique and never change. */
function accountId(name: string): string {
  const hex = createHash('sha256').update(`account:${name.toLowerCase()}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
