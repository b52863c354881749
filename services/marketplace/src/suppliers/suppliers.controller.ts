import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { supplierApplicationFilterSchema, suppliersRoutes as routes, t, type RouteInput } from '@tuerca/contracts';
import { AdminRange, Bind, CurrentVisitor, Input, actorOf, ok, parseInput, type Visitor } from '@tuerca/platform';
import { ApplyAsSupplier } from './apply-as-supplier.command.js';
import { ReviewSupplierApplication } from './review-supplier-application.command.js';
import { GetSupplierApplication, ListSupplierApplications } from './supplier-applications.queries.js';

/** Joining as a supplier: the public application, and the operators' review (ra-data-simple-rest's dialect). */
@Controller()
export class SuppliersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Bind(routes.apply)
  async apply(@Input() { body }: RouteInput<typeof routes.apply>, @CurrentVisitor() visitor: Visitor) {
    return ok(await this.commands.execute(new ApplyAsSupplier(body, visitor)), { message: t('suppliers.received') });
  }

  @Bind(routes.list)
  async list(@Input() { query }: RouteInput<typeof routes.list>) {
    const filter = parseInput(supplierApplicationFilterSchema, query.filter);
    const { rows, total, offset } = await this.queries.execute(new ListSupplierApplications(query, filter));
    return new AdminRange('supplier-applications', rows, offset, total);
  }

  @Bind(routes.one)
  one(@Input() { params }: RouteInput<typeof routes.one>) {
    return this.queries.execute(new GetSupplierApplication(params.id));
  }

  @Bind(routes.approve)
  approve(@Input() { params }: RouteInput<typeof routes.approve>, @CurrentVisitor() visitor: Visitor) {
    return this.commands.execute(new ReviewSupplierApplication(params.id, { decision: 'approve' }, visitor.user!.id, actorOf(visitor)));
  }

  @Bind(routes.reject)
  reject(@Input() { params, body }: RouteInput<typeof routes.reject>, @CurrentVisitor() visitor: Visitor) {
    return this.commands.execute(
      new ReviewSupplierApplication(params.id, { decision: 'reject', reason: body.reason }, visitor.user!.id, actorOf(visitor)),
    );
  }
}
