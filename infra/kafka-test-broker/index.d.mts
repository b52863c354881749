/** A topic to pre-create: a name, or a name with its own partition count. */
export type KafkaTestTopic = string | { topic: string; numPartitions?: number };

export interface KafkaTestBrokerOptions {
  /** Topics created before the broker reports ready. Default: none. */
  topics?: KafkaTestTopic[];
  /** Partitions of each topic given without numPartitions. Default: 3. */
  partitions?: number;
  /** Number of mock brokers (ids 1..N, each on its own 127.0.0.1 port). Default: 1. */
  brokers?: number;
  /** Replication factor of created topics. Default: min(3, brokers). */
  replicationFactor?: number;
  /** Fixed port for broker 1 (broker i listens on port+i-1). Default: ephemeral ports. */
  port?: number;
  /** librdkafka debug contexts for the broker's stderr log, e.g. "mock,cgrp". */
  debug?: string;
  /** Pass the broker's stderr through to this process's stderr. Default: false (kept for error messages). */
  inheritStderr?: boolean;
  /** Keep the node event loop alive while the broker runs. Default: false (the broker still exits with this process). */
  keepProcessAlive?: boolean;
}

export interface KafkaTestBroker {
  /** Bootstrap servers, e.g. ["127.0.0.1:40123"], for `new Kafka({ brokers })`. */
  brokers: string[];
  /** The same list joined with commas. */
  bootstrap: string;
  /** Process id of the broker. */
  pid: number | undefined;
  /** Creates a topic at runtime (kafkajs admin.createTopics is not supported by the mock). */
  createTopic(name: string, numPartitions?: number, replicationFactor?: number): Promise<void>;
  /** Creates several topics at runtime. */
  createTopics(
    topics: Array<string | { topic: string; numPartitions?: number; replicationFactor?: number }>,
  ): Promise<void>;
  /** Sends SIGTERM and resolves once the broker has exited (SIGKILL after 5 s). Idempotent. */
  stop(): Promise<void>;
}

/** Absolute path of the broker binary (infra/kafka-test-broker/build/kafka-test-broker). */
export const BINARY: string;

/** Builds the binary with make if it is missing or older than broker.c/Makefile; returns its path. */
export function ensureBuilt(): Promise<string>;

/** Starts librdkafka's mock Kafka cluster on 127.0.0.1 and resolves once it accepts connections. */
export function startKafkaTestBroker(options?: KafkaTestBrokerOptions): Promise<KafkaTestBroker>;
