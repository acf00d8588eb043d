/**
 * Settings (specification part 2, Settings): Daily Allocation (default), Risk Management (the risk
 * remote's settings panel), Notifications, Profile, Data Sources and Connectivity, and Releases
 * (each remote's stable and canary releases and their rollout). The open tab is kept in the
 * address (`?tab=data-sources`), so other pages can link to it.
 */
import { Box, Tabs } from '@nivesh/ui/chakra';
import { useTabInAddress } from '@nivesh/api-client/router';
import { PageHeader } from '@nivesh/ui';
import { AllocationSettingsForm } from '../../features/allocationSettings';
import { ConnectivityTab } from './ConnectivityTab';
import { DataSourcesTab } from './dataSources/DataSourcesTab';
import { NotificationsTab } from './NotificationsTab';
import { ProfileTab } from './ProfileTab';
import { ReleasesTab } from './releases/ReleasesTab';
import { loadRiskSettingsRemote, RiskSettingsTab, type RiskSettingsLoader } from './RiskSettingsTab';

export const SETTINGS_TABS = [
  { value: 'allocation', label: 'Daily Allocation' },
  { value: 'risk', label: 'Risk Management' },
  { value: 'notifications', label: 'Notifications' },
  { value: 'profile', label: 'Profile' },
  { value: 'data-sources', label: 'Data Sources' },
  { value: 'connectivity', label: 'Connectivity' },
  { value: 'releases', label: 'Releases' },
] as const;

export interface SettingsPageProps {
  /** How the risk settings panel is loaded (Module Federation by default; a test passes its own). */
  loadRiskSettings?: RiskSettingsLoader;
}

export default function SettingsPage({ loadRiskSettings = loadRiskSettingsRemote }: SettingsPageProps) {
  const [tab, openTab] = useTabInAddress(SETTINGS_TABS.map((item) => item.value));

  return (
    <Box>
      <PageHeader
        title="Settings"
        subtitle="Allocation, risk, notifications, your profile, data sources, connectivity and releases"
      />
      <Tabs.Root
        value={tab}
        onValueChange={(details) => openTab(details.value)}
        variant="enclosed"
        colorPalette="brand"
        lazyMount
        unmountOnExit
      >
        {/*
          Seven tabs do not fit a phone's width: they wrap onto further rows, each keeping its
          whole label (a tab never shrinks under its text).
        */}
        <Tabs.List flexWrap="wrap" maxW="full" aria-label="Settings sections">
          {SETTINGS_TABS.map((item) => (
            <Tabs.Trigger key={item.value} value={item.value} whiteSpace="nowrap" flexShrink={0}>
              {item.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="allocation" pt="5">
          <AllocationSettingsForm />
        </Tabs.Content>
        <Tabs.Content value="risk" pt="5">
          <RiskSettingsTab load={loadRiskSettings} />
        </Tabs.Content>
        <Tabs.Content value="notifications" pt="5">
          <NotificationsTab />
        </Tabs.Content>
        <Tabs.Content value="profile" pt="5">
          <ProfileTab />
        </Tabs.Content>
        <Tabs.Content value="data-sources" pt="5">
          <DataSourcesTab />
        </Tabs.Content>
        <Tabs.Content value="connectivity" pt="5">
          <ConnectivityTab />
        </Tabs.Content>
        <Tabs.Content value="releases" pt="5">
          <ReleasesTab />
        </Tabs.Content>
      </Tabs.Root>
    </Box>
  );
}
