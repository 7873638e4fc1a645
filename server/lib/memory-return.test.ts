import vm from 'node:vm';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { heapShrinkingCollector, heldHeapBytes, returnMemoryWhenIdle } from './memory-return.ts';

const MB = 1024 * 1024;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Allocates a burst as a load does: objects that live a while (the requests in flight, each
 * a few scavenges long) among many that die at once; keeps none after.
 */
function burst(rounds: number): number {
  const inFlight: unknown[][] = new Array(256).fill([]);
  let made = 0;
  for (let round = 0; round < rounds; round += 1) {
    const objects = Array.from({ length: 2048 }, (_, index) => ({ index, text: `x${index}` }));
    inFlight[round % inFlight.length] = objects;
    made += objects.length;
  }
  return made;
}

describe('memory given back after a load', () => {
  const stops: Array<() => void> = [];
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
  });

  it('gives back the heap a burst grew, and leaves no gc function for pages or scripts', () => {
    const collect = heapShrinkingCollector();
    collect();
    const before = heldHeapBytes();
    expect(burst(4000)).toBeGreaterThan(0);
    const grown = heldHeapBytes();
    expect(grown - before).toBeGreaterThan(16 * MB);
    collect();
    expect(heldHeapBytes()).toBeLessThan(before + (grown - before) / 2);
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
    expect(vm.runInNewContext('typeof gc')).toBe('undefined');
  });

  it('waits while requests keep coming, then collects once, and again only after growth', async () => {
    const app = Fastify();
    app.get('/ping', async () => 'pong');
    let heap = 100 * MB;
    let collections = 0;
    stops.push(
      returnMemoryWhenIdle(app, {
        idleMs: 150,
        checkMs: 20,
        slackBytes: 10 * MB,
        heldBytes: () => heap,
        collect: () => {
          collections += 1;
          heap = 110 * MB;
        },
      }),
    );
    await app.ready();
    heap = 300 * MB;
    for (let request = 0; request < 10; request += 1) {
      await app.inject('/ping');
      await pause(40);
    }
    expect(collections).toBe(0);
    await pause(300);
    expect(collections).toBe(1);
    heap = 115 * MB;
    await pause(200);
    expect(collections).toBe(1);
    heap = 125 * MB;
    await pause(200);
    expect(collections).toBe(2);
    await app.close();
  });

  it('stops looking when the server closes', async () => {
    const app = Fastify();
    let collections = 0;
    const stop = returnMemoryWhenIdle(app, {
      idleMs: 0,
      checkMs: 10,
      slackBytes: 0,
      heldBytes: () => 1,
      collect: () => {
        collections += 1;
      },
    });
    await pause(50);
    stop();
    const seen = collections;
    expect(seen).toBeGreaterThan(0);
    await pause(50);
    expect(collections).toBe(seen);
  });
});
