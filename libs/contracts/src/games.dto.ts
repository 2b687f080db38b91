import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
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
  @ApiProperty({ enum: ['period', 'fixed'] })
  @IsIn(['period', 'fixed'])
  kind!: 'period' | 'fixed';

  /** Turn length for `period`: one minute to four weeks. */
  @ApiPropertyOptional({
    description: 'turn length for `period`',
    type: 'integer',
    minimum: 1,
    maximum: 40320,
  })
  @ValidateIf((o: ScheduleDto) => o.kind === 'period')
  @IsInt()
  @Min(1)
  @Max(40320)
  minutes?: number;

  /** Set times for `fixed`, one per turn; after the last, the game keeps the last interval. */
  @ApiPropertyOptional({
    description: 'set times for `fixed`, one per turn; after the last, the game keeps the last interval',
    type: [String],
    format: 'date-time',
    minItems: 1,
    maxItems: 500,
  })
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
  @ApiProperty({ description: 'a ruleset id (GET /rulesets)', example: 'galactic-conflict' })
  @IsString()
  ruleset!: string;

  @ApiProperty({ minLength: 1, maxLength: 60 })
  @IsPersonsText(60)
  name!: string;

  /** The ruleset's own settings; checked against the ruleset's setting specs. */
  @ApiPropertyOptional({
    description: "the ruleset's settings (GET /rulesets)",
    type: 'object',
    additionalProperties: true,
  })
  @IsOptional()
  @IsObject()
  settings?: Record<string, unknown>;

  @ApiPropertyOptional({ type: 'integer', minimum: 1 })
  @IsOptional()
  @IsInt()
  @Min(1)
  minPlayers?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 1 })
  @IsOptional()
  @IsInt()
  @Min(1)
  maxPlayers?: number;

  @ApiProperty({ type: ScheduleDto })
  @ValidateNested()
  @Type(() => ScheduleDto)
  schedule!: ScheduleDto;

  @ApiPropertyOptional({ enum: ['manual', 'when-full'], default: 'manual' })
  @IsOptional()
  @IsIn(['manual', 'when-full'])
  startRule?: StartRule;

  @ApiPropertyOptional({ enum: ['public', 'after-end', 'none'], default: 'public' })
  @IsOptional()
  @IsIn(['public', 'after-end', 'none'])
  spectators?: Spectators;
}

export class JoinGameDto {
  /** The ruleset checks it further. */
  @ApiProperty({ minLength: 1, maxLength: 100 })
  @IsPersonsText(100)
  empire!: string;
}

/** Either text or orders (the decision refuses both and neither). */
export class SubmitOrdersDto {
  /** Orders in the rulebook's own syntax ("" for none)... */
  @ApiPropertyOptional({
    description: 'orders in the rulebook\'s syntax ("" for none); not with `orders`',
    maxLength: 100_000,
  })
  @ValidateIf((o: SubmitOrdersDto) => o.text !== undefined)
  @IsString()
  @MaxLength(100_000)
  @NoHiddenCharacters(true)
  text?: string;

  /** ...or as JSON. */
  @ApiPropertyOptional({
    description: "orders as JSON (the ruleset's order types); not with `text`",
    type: 'array',
    items: { type: 'object' },
    maxItems: 2000,
  })
  @ValidateIf((o: SubmitOrdersDto) => o.orders !== undefined)
  @IsArray()
  @ArrayMaxSize(2000)
  orders?: unknown[];

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  ready?: boolean;

  /** The turn the orders are for: refused (409) when the game is at another, instead of landing there. */
  @ApiPropertyOptional({
    description: 'the turn the orders are for: 409 when the game is at another',
    type: 'integer',
  })
  @IsOptional()
  @IsInt()
  turn?: number;
}

export class ReadyDto {
  @ApiProperty()
  @IsBoolean()
  ready!: boolean;
}

export class ExtendDeadlineDto {
  @ApiProperty({ format: 'date-time' })
  @IsDateString(STRICT_DATE, {
    message: 'deadline must be a valid ISO 8601 date (e.g. 2030-02-28T18:00:00Z)',
  })
  deadline!: string;
}

export class SendMessageDto {
  /** Player ids of the game, or 'all'. */
  @ApiProperty({
    oneOf: [{ type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 50 }, { enum: ['all'] }],
  })
  @ValidateIf((o: SendMessageDto) => o.to !== 'all')
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(50)
  @IsString({ each: true })
  to!: string[] | 'all';

  @ApiProperty({ minLength: 1, maxLength: 10_000 })
  @IsPersonsText(10_000, { lines: true })
  text!: string;
}

/** `GET /games/:id/messages`: the messages after the one named `after` (else from the first), at most `limit`. */
export class MessagesQueryDto {
  @ApiPropertyOptional({ description: 'the id of the last message seen', format: 'uuid' })
  @IsOptional()
  @IsUUID()
  after?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 200, default: 100 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(200)
  limit: number = 100;
}
