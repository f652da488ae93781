import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronRight, Languages } from 'lucide-react';
import { documentLanguage, languageNames, languages, languageTexts, type Language } from '@wise/shared';
import { BottomSheet } from '#web/components/ui/bottom-sheet';
import { toastError } from '#web/components/ui/toast';
import { applyLanguage, useLanguage, useTexts } from '#web/lib/i18n';
import { profileKeys } from '../api/keys';
import { updateLanguage } from '../api/update-language';
import '#web/components/ui/list.css';
import './language.css';

/**
 * /profile's "Language" row and its chooser (docs/i18n.md). A choice applies at once on this
 * device (the catalogue loads, the document's `lang` follows), then goes to the account so that
 * e-mails, notifications and the next login follow it.
 */
export function LanguageRow() {
  const t = useTexts(languageTexts);
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);

  const choose = async (next: Language) => {
    setOpen(false);
    if (next === language) return;
    try {
      await applyLanguage(next);
    } catch {
      // The catalogue could not arrive (offline): nothing changed.
      toastError(languageTexts.failed);
      return;
    }
    try {
      await updateLanguage(next);
      await queryClient.invalidateQueries({ queryKey: profileKeys.detail() });
    } catch {
      // This device speaks it already; the account keeps its language until a retry succeeds.
      toastError(languageTexts.failed);
    }
  };

  return (
    <>
      <ul className="list" data-testid="profile-language">
        <li>
          <button type="button" className="list__row language__row" aria-haspopup="dialog" onClick={() => setOpen(true)}>
            <span className="list__icon">
              <Languages size={18} aria-hidden="true" />
            </span>
            <span className="list__main">
              <span className="list__sub">{t.row}</span>
              <span className="list__title" lang={documentLanguage[language]}>
                {languageNames[language]}
              </span>
            </span>
            <ChevronRight size={20} aria-hidden="true" />
          </button>
        </li>
      </ul>
      <BottomSheet open={open} onClose={() => setOpen(false)} title={t.sheetTitle}>
        <p className="language__intro">{t.sheetIntro}</p>
        <fieldset className="language__options">
          <legend className="visually-hidden">{t.row}</legend>
          <ul className="list">
            {languages.map((option) => (
              <li key={option}>
                <label className="list__row language__option">
                  <span className="list__main">
                    <span className="list__title" lang={documentLanguage[option]}>
                      {languageNames[option]}
                    </span>
                  </span>
                  <input type="radio" name="language" value={option} checked={option === language} onChange={() => void choose(option)} />
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      </BottomSheet>
    </>
  );
}
