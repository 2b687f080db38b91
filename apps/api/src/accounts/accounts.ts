import { ConflictException, Inject, Injectable } from '@nestjs/common';
import {
  Account,
  AccountCreation,
  ACCOUNT_STREAM_PREFIX,
  AccountEvent,
  AccountEventMap,
  AccountEventType,
  accountStream,
  EventMetadata,
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
): EventData & { id: string; metadata: EventMetadata } {
  return {
    id: randomUUID(),
    type,
    data,
    metadata: eventMetadata(metadata.actor, metadata.correlationId, metadata.causationId),
  };
}

/** What an unknown name's password is checked against, so that it takes as long as a known one. */
let unknownAccountHash: Promise<string> | undefined;

function hashForUnknownAccounts(): Promise<string> {
  unknownAccountHash ??= hashPassword(randomUUID()).catch((e: unknown) => {
    // Refused (the server was busy): the next log-in tries again.
    unknownAccountHash = undefined;
    throw e;
  });
  return unknownAccountHash;
}

/** The stream whose first event gives the name, in any case, to one account. */
const nameStream = (name: string) =>
  `account-name-${createHash('sha256').update(name.toLowerCase()).digest('hex')}`;

/** Accounts, each the fold of its `account-<id>` stream. Plain enough for the admin CLI to use without Nest. */
@Injectable()
export class Accounts {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  /**
   * Claims the name with a `no_stream` append to its name stream, so that exactly one of any number
   * of concurrent sign-ups has it, then creates the account under a random id.
   * `actor` defaults to the new account itself.
   */
  async create(
    { name, password, role }: { name: string; password: string; role: Role },
    actor?: string,
  ): Promise<Account> {
    // Cheap, and spares a hash; the claim below is what decides (no account is made under a derived id any more).
    if (await this.findByName(name)) throw taken(name);
    const id = randomUUID();
    const creation = { id, name, passwordHash: await hashPassword(password), role };
    const claim = accountEvent('AccountNameClaimed', creation, {
      actor: actor ?? id,
      correlationId: randomUUID(),
    });
    try {
      await this.store.append(nameStream(name), [claim], 'no_stream');
    } catch (e) {
      if (e instanceof WrongExpectedVersionError) throw taken(name);
      throw e;
    }
    await this.createClaimed(claim);
    return { id, name, role };
  }

  async get(id: string): Promise<Account | undefined> {
    const state = await this.load(id);
    return state && view(state);
  }

  /** The account whose name and password these are, or undefined, taking as long either way. */
  async authenticate(name: string, password: string): Promise<Account | undefined> {
    const state = await this.findByName(name);
    const matches = await verifyPassword(password, state?.passwordHash ?? (await hashForUnknownAccounts()));
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

  /**
   * Creates the account as an admin, or promotes the account of that name (its password unchanged).
   * Several processes may do it at once: who loses a race reads what the winner did and goes on from there.
   */
  async ensureAdmin(
    input: { name: string; password: string },
    actor: string,
  ): Promise<'created' | 'promoted' | 'already admin'> {
    const dto = plainToInstance(SignUpDto, input);
    const errors = await validate(dto);
    if (errors.length) throw new Error(errors.flatMap((e) => Object.values(e.constraints ?? {})).join('; '));
    for (;;) {
      const state = await this.findByName(dto.name);
      try {
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
      } catch (e) {
        if (!(e instanceof ConflictException || e instanceof WrongExpectedVersionError)) throw e;
      }
    }
  }

  private async load(id: string): Promise<AccountState | undefined> {
    return (await this.store.readStream(accountStream(id))).reduce<AccountState | undefined>(
      evolve,
      undefined,
    );
  }

  /**
   * The account the name's claim points at, created from the claim if its sign-up died before doing
   * so; a name with no claim may be an account from before claims, under its derived id.
   */
  private async findByName(name: string): Promise<AccountState | undefined> {
    const [claim] = await this.store.readStream(nameStream(name), { maxCount: 1 });
    if (!claim) return this.load(derivedId(name));
    const { id } = claim.data as AccountCreation;
    const state = await this.load(id);
    if (state) return state;
    await this.createClaimed(claim);
    return this.load(id);
  }

  /** Appends `AccountCreated` from the name's claim; lost to a concurrent `findByName` or `create`, it is there already. */
  private async createClaimed(claim: Pick<RecordedEvent, 'id' | 'data' | 'metadata'>) {
    const creation = claim.data as AccountCreation;
    const { actor, correlationId } = claim.metadata as EventMetadata;
    const created = accountEvent('AccountCreated', creation, { actor, correlationId, causationId: claim.id });
    try {
      await this.store.append(accountStream(creation.id), [created], 'no_stream');
    } catch (e) {
      if (!(e instanceof WrongExpectedVersionError)) throw e;
    }
  }
}

const taken = (name: string) => new ConflictException(`The name "${name}" is taken`);

/**
 * Accounts made before names were claimed have this id, a hash of the name: they are found by it
 * and keep their name, never rewritten.
 */
function derivedId(name: string): string {
  const hex = createHash('sha256').update(`account:${name.toLowerCase()}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
