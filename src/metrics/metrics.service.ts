import { Injectable } from '@nestjs/common';
import type { RequestHandler } from 'express';
import type { OperationDefinitionNode } from 'graphql';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import { BoundedLabelValues } from './bounded-label-values';
import {
  type ApolloPlugin,
  countGraphqlOperation,
  graphqlMetricsPlugin,
  type GraphqlLabels,
  MAX_OPERATION_NAMES,
} from './graphql-metrics.plugin';
import { type HttpLabels, httpMetricsMiddleware } from './http-metrics';

/**
 * The app's Prometheus metrics, in a registry of its own (one per app, so test apps in one process never share
 * one): HTTP request durations, GraphQL operations, and Node's default process metrics.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();

  readonly httpRequestDuration = new Histogram<HttpLabels>({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly graphqlOperations = new Counter<GraphqlLabels>({
    name: 'graphql_operations_total',
    help: 'GraphQL operations by operation name, type and outcome (success, error, rejected)',
    labelNames: ['operation_name', 'operation_type', 'outcome'],
    registers: [this.registry],
  });

  /** The operation names of both endpoints: one bound for the one counter. */
  private readonly operationNames = new BoundedLabelValues(MAX_OPERATION_NAMES);

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /** Mounted first in configureApp: times every response. */
  httpMiddleware(): RequestHandler {
    return httpMetricsMiddleware(this.httpRequestDuration);
  }

  /** One per GraphQL endpoint (graphqlEndpointOptions). */
  graphqlPlugin(): ApolloPlugin {
    return graphqlMetricsPlugin(this.graphqlOperations, this.operationNames);
  }

  /** A GraphQL operation that no Apollo plugin sees (a subscription over WebSocket): undefined when refused. */
  countGraphqlOperation(operation: OperationDefinitionNode | undefined, failed = false): void {
    countGraphqlOperation(this.graphqlOperations, this.operationNames, operation, failed);
  }
}
