import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { adminQuestionFilterSchema, questionsAdminRoutes, questionsRoutes, t, type RouteInput } from '@tuerca/contracts';
import {
  AdminRange,
  Bind,
  CurrentVisitor,
  Input,
  MethodNotAllowedError,
  Page,
  actorOf,
  ok,
  parseInput,
  type Visitor,
} from '@tuerca/platform';
import { AskQuestion } from './ask-question.command.js';
import { PatchQuestion } from './patch-question.command.js';
import { GetAdminQuestion, ListAdminQuestions, ListQuestions } from './list-questions.query.js';
import { GetCompatibilityVerdict } from './compatibility-verdict.query.js';

const routes = questionsRoutes;
const admin = questionsAdminRoutes;

/** Product questions (spec 000 §7 "Product questions") and the compatibility verdict. */
@Controller()
export class QuestionsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Bind(routes.list)
  async list(@Input() { query }: RouteInput<typeof routes.list>, @CurrentVisitor() visitor: Visitor) {
    const { rows, total } = await this.queries.execute(new ListQuestions(visitor.user!, query.filter, query));
    return new Page(rows, total, query);
  }

  /** spec 000 §8: success 'Pregunta enviada exitosamente', with notice by WhatsApp. */
  @Bind(routes.ask)
  async ask(@Input() { body }: RouteInput<typeof routes.ask>, @CurrentVisitor() visitor: Visitor) {
    const view = await this.commands.execute(new AskQuestion(visitor.user!, body, actorOf(visitor)));
    return ok(view, { message: t('compatibility.questionSent'), detail: t('compatibility.questionSentDetail') });
  }

  @Bind(routes.update)
  async update(@Input() { params, body }: RouteInput<typeof routes.update>, @CurrentVisitor() visitor: Visitor) {
    const { view, role } = await this.commands.execute(new PatchQuestion(visitor.user!, params.id, body, actorOf(visitor)));
    return ok(view, { message: role === 'seller' ? t('questions.answered') : t('questions.followUpSent') });
  }

  @Bind(routes.verdict)
  verdict(@Input() { params, query }: RouteInput<typeof routes.verdict>) {
    return this.queries.execute(new GetCompatibilityVerdict(params.id, query)).then((v) => ok(v));
  }
}

/** /admin-api/product-questions: sellers see and answer their store's questions; operators all. */
@Controller()
export class AdminQuestionsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Bind(admin.list)
  async list(@Input() { query }: RouteInput<typeof admin.list>, @CurrentVisitor() visitor: Visitor) {
    const filter = parseInput(adminQuestionFilterSchema, query.filter);
    const { rows, total, offset } = await this.queries.execute(new ListAdminQuestions(visitor, query, filter));
    return new AdminRange('product-questions', rows, offset, total);
  }

  @Bind(admin.one)
  one(@Input() { params }: RouteInput<typeof admin.one>, @CurrentVisitor() visitor: Visitor) {
    return this.queries.execute(new GetAdminQuestion(visitor, params.id));
  }

  @Bind(admin.create)
  create() {
    throw new MethodNotAllowedError();
  }

  @Bind(admin.update)
  async answer(@Input() { params, body }: RouteInput<typeof admin.update>, @CurrentVisitor() visitor: Visitor) {
    // The console answers as the store (an operator, any store): the same command as PATCH.
    await this.queries.execute(new GetAdminQuestion(visitor, params.id));
    await this.commands.execute(
      new PatchQuestion(
        visitor.user!,
        params.id,
        { answer: body.answer, response: body.response ?? undefined, vin: undefined },
        actorOf(visitor),
      ),
    );
    return this.queries.execute(new GetAdminQuestion(visitor, params.id));
  }

  @Bind(admin.remove)
  remove() {
    throw new MethodNotAllowedError();
  }
}
