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
  Length,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import type { Spectators, StartRule } from './game-events';

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
  @IsDateString({}, { each: true })
  deadlines?: string[];
}

export class CreateGameDto {
  @IsString()
  ruleset!: string;

  @IsString()
  @Length(1, 60)
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
  @IsString()
  @MaxLength(100)
  empire!: string;
}

export class SubmitOrdersDto {
  /** Orders in the rulebook's own syntax... */
  @ValidateIf((o: SubmitOrdersDto) => o.orders === undefined)
  @IsString()
  @MaxLength(100_000)
  text?: string;

  /** ...or as JSON. */
  @ValidateIf((o: SubmitOrdersDto) => o.text === undefined)
  @IsArray()
  @ArrayMaxSize(2000)
  orders?: unknown[];

  @IsOptional()
  @IsBoolean()
  ready?: boolean;
}

export class ReadyDto {
  @IsBoolean()
  ready!: boolean;
}

export class ExtendDeadlineDto {
  @IsDateString()
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

  @IsString()
  @Length(1, 10_000)
  text!: string;
}
