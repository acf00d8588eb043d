/**
 * Which risk alerts the monitor raises (the contract's AlertSettings: stop loss, daily loss, high
 * volatility, position correlation), stored as one JSON value in the settings table. Until the
 * operator first saves them, and whenever the stored value cannot be read, DEFAULT_ALERT_SETTINGS
 * apply (a field added later takes its default). Each save is written to the audit log.
 */
import { AlertSettings, DEFAULT_ALERT_SETTINGS } from '@nivesh/api-contract';
import type { Db } from '../db/index.js';
import { readStoredSetting, writeStoredSetting } from '../db/storedSetting.js';
import type { Clock } from '../clock.js';

const ALERT_SETTINGS_KEY = 'risk_alert_settings';

/** The stored settings over the defaults. */
export function loadAlertSettings(db: Db): Promise<AlertSettings> {
  return readStoredSetting(db, ALERT_SETTINGS_KEY, AlertSettings.partial(), DEFAULT_ALERT_SETTINGS);
}

export function createAlertSettingsStore(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    get: () => loadAlertSettings(db),

    /** Stores the settings (the contract has parsed them); the monitor applies them on its next run. */
    async save(settings: AlertSettings, actor: string): Promise<AlertSettings> {
      const value = AlertSettings.parse(settings);
      const now = clock.now();
      const previous = await loadAlertSettings(db);
      await writeStoredSetting(db, {
        key: ALERT_SETTINGS_KEY,
        value,
        previous,
        actor,
        at: now,
        action: 'risk.alert_settings.set',
      });
      return value;
    },
  };
}
