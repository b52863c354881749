import { AdminQuestionsController, QuestionsController } from './questions.controller.js';
import { AskQuestionHandler } from './ask-question.command.js';
import { PatchQuestionHandler } from './patch-question.command.js';
import { GetAdminQuestionHandler, ListAdminQuestionsHandler, ListQuestionsHandler } from './list-questions.query.js';
import { GetCompatibilityVerdictHandler } from './compatibility-verdict.query.js';

export const QUESTIONS_CONTROLLERS = [QuestionsController, AdminQuestionsController];
export const QUESTIONS_PROVIDERS = [
  AskQuestionHandler,
  PatchQuestionHandler,
  ListQuestionsHandler,
  ListAdminQuestionsHandler,
  GetAdminQuestionHandler,
  GetCompatibilityVerdictHandler,
];
