// The flags that name a batch's queue in Redis, shared by `openscraper batch` and `openscraper worker`.
import * as z from 'zod';
import { withFlag } from '../../shared/options/schema';
import { DEFAULT_QUEUE_NAME, QUEUE_NAME } from '../../shared/queue';

export const queueFields = {
  queue: withFlag(z.string().optional(), { flag: 'queue', arg: '<redis-url>', help: 'the batch\'s queue in Redis (redis://host:6379; rediss:// for TLS)' }),
  queueName: withFlag(z.string().regex(QUEUE_NAME, { error: 'must be letters, digits, "-", "_" or "."' }).default(DEFAULT_QUEUE_NAME), {
    flag: 'queue-name',
    arg: '<name>',
    help: `which batch in that Redis (default "${DEFAULT_QUEUE_NAME}")`,
  }),
};
