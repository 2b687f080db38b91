import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDateString,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import type { Spectators, StartRule } from './game-events';
import { IsPersonsText, NoHiddenCharacters } from './text';

/** Dates that exist: 2030-02-30 is refused, not read as March 2. */
const STRICT_DATE = { strict: true, strictSeparator: true };

export class ScheduleDto {
  @IsIn(['period', 'fixed'])
  kind!: 'period' | 'fixed';

  /** Turn length for `period`: one minute to four weeks. */
  @ValidateIf((o: ScheduleDto) => o.kind === 'period')
  @IsInt()
  @Min(1)
  @Max(40320)
  minutes?: number;

  /** Set times for `fixed`, one per turn; after the last, the game keeps the last interval. */
  @ValidateIf((o: ScheduleDto) => o.kind === 'fixed')
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(500)
  @IsDateString(STRICT_DATE, {
    each: true,
    message: 'deadlines must be valid ISO 8601 dates (e.g. 2030-02-28T18:00:00Z)',
  })
  deadlines?: string[];
}

export class CreateGameDto {
  @IsString()
  ruleset!: string;

  @IsPersonsText(60)
  name!: string;

  /** The ruleset's own settings; checked against the ruleset's setting specs. */
  @IsOptional()
  @IsObject()
  settings?: Record<string, unknown>;

  @IsOptional()
  @IsInt()
  @Min(1)
  minPlayers?: number;

  @IsOptional()
  @IsInt()
  @Min(1)
  maxPlayers?: number;

  @ValidateNested()
  @Type(() => ScheduleDto)
  schedule!: ScheduleDto;

  @IsOptional()
  @IsIn(['manual', 'when-full'])
  startRule?: StartRule;

  @IsOptional()
  @IsIn(['public', 'after-end', 'none'])
  spectators?: Spectators;
}

export class JoinGameDto {
  /** The ruleset checks it further. */
  @IsPersonsText(100)
  empire!: string;
}

/** Either text or orders (the decision refuses both and neither). */
export class SubmitOrdersDto {
  /** Orders in the rulebook's own syntax ("" for none)... */
  @ValidateIf((o: SubmitOrdersDto) => o.text !== undefined)
  @IsString()
  @MaxLength(100_000)
  @NoHiddenCharacters(true)
  text?: string;

  /** ...or as JSON. */
  @ValidateIf((o: SubmitOrdersDto) => o.orders !== undefined)
  @IsArray()
  @ArrayMaxSize(2000)
  orders?: unknown[];

  @IsOptional()
  @IsBoolean()
  ready?: boolean;

  /** The turn the orders are for: refused (409) when the game is at another, instead of landing there. */
  @IsOptional()
  @IsInt()
  turn?: number;
}

export class ReadyDto {
  @IsBoolean()
  ready!: boolean;
}

export class ExtendDeadlineDto {
  @IsDateString(STRICT_DATE, {
    message: 'deadline must be a valid ISO 8601 date (e.g. 2030-02-28T18:00:00Z)',
  })
  deadline!: string;
}

export class SendMessageDto {
  /** Player ids of the game, or 'all'. */
  @ValidateIf((o: SendMessageDto) => o.to !== 'all')
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(50)
  @IsString({ each: true })
  to!: string[] | 'all';

  @IsPersonsText(10_000, { lines: true })
  text!: string;
}

/** `GET /games/:id/messages`: the messages after the one named `after` (else from the first), at most `limit`. */
export class MessagesQueryDto {
  @IsOptional()
  @IsUUID()
  after?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(200)
  limit: number = 100;
}
