import { Injectable } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { ConsumeRequest, ConsumeResult, MeterRequest, MeterStatus, Metering, RefundRequest, RefundResult } from '@tuerca/contracts';
import { AuthorizeLookup } from './authorize-lookup.query.js';
import { ConsumeConsultation } from './consume-consultation.command.js';
import { GetMeterStatus } from './get-meter-status.query.js';
import { RefundConsultation } from './refund-consultation.command.js';

/** Billing's metering port in memory, for the contexts that run in billing's process: the same handlers as the internal route. */
@Injectable()
export class LocalMetering implements Metering {
  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
  ) {}

  status(request: MeterRequest): Promise<MeterStatus> {
    return this.queries.execute(new GetMeterStatus(request));
  }

  authorize(request: MeterRequest): Promise<MeterStatus> {
    return this.queries.execute(new AuthorizeLookup(request));
  }

  consume(request: ConsumeRequest): Promise<ConsumeResult> {
    return this.commands.execute(new ConsumeConsultation(request));
  }

  refund(request: RefundRequest): Promise<RefundResult> {
    return this.commands.execute(new RefundConsultation(request));
  }
}
