import { describeSearch, TABLES } from './selfplay.ts';

describeSearch(TABLES.filter((t) => t.game !== 'klapperjas'));
