/**
 * Adding a site option (docs/frontend.md "Adding a site option") relies on
 * these lists: every option of the registry has a control the site page lists,
 * and every bulk change is an option of the registry with its words.
 */
import { describe, expect, it } from 'vitest';
import { SITE_OPTIONS } from '../../../api/registry/sites';
import { BULK_CHANGES } from '../../../data/sites';
import { bulkMessages } from '../bulk-messages';
import { optionLabel, optionWord, sitesMessages } from '../../../components/site/site-messages';
import { BULK_CHOICE_IDS, choiceLabel, choiceOption } from './bulk-actions';
import { OPTION_CONTROLS } from '../../../components/site/option-controls';

const OPTIONS = Object.keys(SITE_OPTIONS) as (keyof typeof SITE_OPTIONS)[];

describe('the site options, one list each', () => {
  it('has one control for every option of the registry, each with its words', () => {
    expect(OPTION_CONTROLS.map((c) => c.option).sort()).toEqual([...OPTIONS].sort());
    const t = sitesMessages.get();
    for (const option of OPTIONS) {
      expect(optionWord(t, option)).not.toBe('');
      expect(optionLabel(t, option)).not.toBe('');
    }
  });

  it('offers in bulk only options of the registry, each change with its words', () => {
    const t = bulkMessages.get();
    for (const change of Object.values(BULK_CHANGES)) expect(OPTIONS).toContain(change.option);
    const offered = BULK_CHOICE_IDS.filter((id) => choiceOption(id) !== undefined);
    expect(offered).toEqual(Object.keys(BULK_CHANGES));
    expect(new Set(offered.map((id) => choiceLabel(t, id))).size).toBe(offered.length);
  });
});
