import { describe, expect, it } from 'vitest';
import { parseAddresses } from './CallComposer';

describe('parseAddresses', () => {
  it('reads addresses one per line or separated by commas, semicolons or spaces', () => {
    expect(parseAddresses(' a@x.test,b@x.test;\n c@x.test  d@x.test\n\n')).toEqual(['a@x.test', 'b@x.test', 'c@x.test', 'd@x.test']);
    expect(parseAddresses('   ')).toEqual([]);
  });
});
