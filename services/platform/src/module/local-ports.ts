import { Injectable } from '@nestjs/common';

/**
 * Ports one context offers others in the same process (one context's payments port for another, say),
 * registered under a key its contract names. A caller looks the port up at call time and, when the
 * offering context runs in another process, uses that context's internal HTTP route instead. The kernel
 * knows the keys only as strings: it never imports a context.
 */
@Injectable()
export class LocalPorts {
  private readonly ports = new Map<string, unknown>();

  provide<T>(key: string, implementation: T): void {
    this.ports.set(key, implementation);
  }

  get<T>(key: string): T | undefined {
    return this.ports.get(key) as T | undefined;
  }
}
