import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { VinCandidate, VinOrFrameQuery } from '@tuerca/contracts';
import { ok, type Visitor } from '@tuerca/platform';
import { SearchRecorder } from '../searches/search-recorder.js';
import { SsdCodec } from '../ssd.js';
import { candidatesOf, decodedView, notFoundError } from './vin-answer.js';
import { VinResolver } from './vin-resolver.js';
import { VehicleTokens } from './vehicle-tokens.js';

type Answer = ReturnType<typeof ok<VinCandidate[], Record<string, unknown>>>;

/**
 * vehicleByVinOrFrame (spec 001 §7): the catalogue's answer to a VIN or frame number, recorded as a
 * catalogue search (CatalogSearched) whatever it found.
 */
export class LookupVinOrFrame extends Command<Answer> {
  constructor(
    readonly visitor: Visitor,
    readonly query: VinOrFrameQuery,
  ) {
    super();
  }
}

@CommandHandler(LookupVinOrFrame)
export class LookupVinOrFrameHandler implements ICommandHandler<LookupVinOrFrame> {
  constructor(
    private readonly resolver: VinResolver,
    private readonly ssd: SsdCodec,
    private readonly searches: SearchRecorder,
    private readonly tokens: VehicleTokens,
  ) {}

  async execute({ visitor, query }: LookupVinOrFrame): Promise<Answer> {
    const started = Date.now();
    const asked = await this.tokens.read(query.vinOrFrame);
    const input = asked.input;
    const resolution = await this.resolver.resolve(input, visitor.user?.country ?? null);
    const list = candidatesOf(resolution, asked, this.ssd);
    const catalogs = new Set(list.map((c) => c.catalog));
    this.searches.record(visitor, {
      kind: input.kind,
      query: asked.recorded,
      catalogCode: catalogs.size === 1 ? list[0]!.catalog : null,
      resultCount: list.length,
      started,
      vinAnswer: input.kind === 'vin' ? resolution.kind : undefined,
      qrId: query.QRID ?? null,
      generation: 'v2',
    });
    if (list.length === 0) throw notFoundError(resolution, asked, input.kind === 'frame');
    return ok(list, {
      answer: resolution.kind === 'exact' ? 'exact' : 'candidates',
      exact: resolution.kind === 'exact',
      source: resolution.kind === 'exact' ? resolution.source : 'decoded',
      decoded: decodedView(resolution),
      qrId: query.QRID ?? null,
      generation: 'v2',
    });
  }
}
