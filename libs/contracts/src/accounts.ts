import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsString, Length, Matches, MaxLength } from 'class-validator';

export type Role = 'player' | 'admin';
export const ROLES: readonly Role[] = ['player', 'admin'];

/** What the api tells about an account, and what an access token says about its bearer. */
export interface Account {
  id: string;
  name: string;
  role: Role;
}

/** The answer to sign-up and log-in. */
export interface Session {
  accessToken: string;
  account: Account;
}

export interface AccountCreation {
  id: string;
  name: string;
  passwordHash: string;
  role: Role;
}

/**
 * Events of `account-<id>` streams, and `AccountNameClaimed`, the one event of a name's
 * `account-name-<sha256 of the lower-cased name>` stream: the sign-up that appends it first has the
 * name. It carries the whole creation, so that a sign-up that died before `AccountCreated` can be
 * finished from it.
 */
export interface AccountEventMap {
  AccountNameClaimed: AccountCreation;
  AccountCreated: AccountCreation;
  AccountRoleChanged: { role: Role };
}

export type AccountEventType = keyof AccountEventMap;
export type AccountEvent = {
  [K in AccountEventType]: { type: K; data: AccountEventMap[K] };
}[AccountEventType];

export const ACCOUNT_STREAM_PREFIX = 'account-';
export const accountStream = (id: string) => `${ACCOUNT_STREAM_PREFIX}${id}`;

// ASCII only: case-insensitive uniqueness stays plain, and no look-alike letters from other scripts.
const NAME_PATTERN = /^[A-Za-z0-9_-]+( [A-Za-z0-9_-]+)*$/;
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class SignUpDto {
  @ApiProperty({ minLength: 3, maxLength: 24, pattern: NAME_PATTERN.source })
  @Transform(trim)
  @IsString()
  @Length(3, 24)
  @Matches(NAME_PATTERN, {
    message: 'name may have only letters (a-z), digits, _ and -, with single spaces between words',
  })
  name!: string;

  @ApiProperty({ minLength: 8, maxLength: 200, format: 'password' })
  @IsString()
  @Length(8, 200)
  @Matches(/\S/, { message: 'password must not be only spaces' })
  password!: string;
}

/** Only bounded here: a name or password that breaks the sign-up rules just fails to log in. */
export class LoginDto {
  @ApiProperty({ maxLength: 200 })
  @Transform(trim)
  @IsString()
  @MaxLength(200)
  name!: string;

  @ApiProperty({ maxLength: 200, format: 'password' })
  @IsString()
  @MaxLength(200)
  password!: string;
}
