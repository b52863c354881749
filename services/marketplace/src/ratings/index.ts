import { AdminStoreRatingsController, RatingsController } from './ratings.controller.js';
import { ApplyStoreRatingHandler, RateStoreHandler, RequestStoreRatingHandler, ResendScoreHandler } from './ratings.commands.js';
import { GetAdminScoreHandler, GetScoreHandler, ListAdminScoresHandler, PendingScoresHandler } from './ratings.queries.js';
import { StoreRatingsConsumer } from './store-ratings.consumer.js';
import { RatingRequestsConsumer } from './rating-requests.consumer.js';

export const RATINGS_CONTROLLERS = [RatingsController, AdminStoreRatingsController];
export const RATINGS_PROVIDERS = [
  RequestStoreRatingHandler,
  ResendScoreHandler,
  RateStoreHandler,
  ApplyStoreRatingHandler,
  StoreRatingsConsumer,
  RatingRequestsConsumer,
  PendingScoresHandler,
  GetScoreHandler,
  ListAdminScoresHandler,
  GetAdminScoreHandler,
];
