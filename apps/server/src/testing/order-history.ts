import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** One account, one pair and one quoting bot, made with SQL alone (benches that need rows, not services). Answers the bot's id. */
export async function seedQuotingBot(db: Db): Promise<number> {
  await db.execute(sql`insert into platforms (code, name) values ('sim', 'Sim') on conflict do nothing`);
  await db.execute(sql`insert into coins (platform_id, coin_name) select id, 'BTC/USDT' from platforms where code = 'sim' on conflict do nothing`);
  await db.execute(sql`insert into admins (account, password_hash, role, employee_name, main_account_id) values ('bench', 'h', 'trader', 'bench', 1) on conflict do nothing`);
  const answer = (await db.execute(sql`insert into robots (admin_id, coin_id, type, config, status, start_mode, price_mode, description)
    select a.id, c.id, 'depth_near', '{}', 'running', 'now', 'normal', '' from admins a, coins c where a.account = 'bench' returning id`)) as unknown as { rows: { id: number }[] };
  return answer.rows[0]!.id;
}

/**
 * A quoting bot's journal written in bulk: `count` final orders created evenly over [from, from + span)
 * (epoch ms), each cancelled 30 s later unfilled, but every 50th filled. Client ids start with `prefix`.
 */
export async function writeQuotingOrders(db: Db, robotId: number, count: number, from: number, span: number, prefix: string): Promise<void> {
  for (let start = 0; start < count; start += 50_000) {
    const n = Math.min(50_000, count - start);
    await db.execute(sql`insert into robot_orders (robot_id, client_order_id, tag, symbol, side, price, amount, time_in_force, state, order_no, filled_amount, filled_value, created_at, updated_at)
      select ${robotId}, ${prefix} || g, 'L' || (g % 50), 'BTC/USDT', case when g % 2 = 0 then 'buy' else 'sell' end, 100 + (g % 100) / 100.0, 0.01,
        'GTC', case when g % 50 = 0 then 'filled' else 'canceled' end, 'V' || ${prefix} || g,
        case when g % 50 = 0 then 0.01 else 0 end, case when g % 50 = 0 then 1 else 0 end,
        to_timestamp((${from}::bigint + (g::bigint * ${span}::bigint) / ${count}::bigint) / 1000.0),
        to_timestamp((${from}::bigint + (g::bigint * ${span}::bigint) / ${count}::bigint + 30000) / 1000.0)
      from generate_series(${start}::int, ${start + n - 1}::int) g`);
  }
}
