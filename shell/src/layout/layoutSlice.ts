/** Shell layout state: the sidebar drawer on small screens. */
import { createSlice } from '@reduxjs/toolkit';

export const layoutSlice = createSlice({
  name: 'layout',
  initialState: { sidebarOpen: false },
  reducers: {
    sidebarOpened(state) {
      state.sidebarOpen = true;
    },
    sidebarClosed(state) {
      state.sidebarOpen = false;
    },
    sidebarToggled(state) {
      state.sidebarOpen = !state.sidebarOpen;
    },
  },
  selectors: {
    selectSidebarOpen: (state) => state.sidebarOpen,
  },
});

export const { sidebarClosed, sidebarToggled } = layoutSlice.actions;
