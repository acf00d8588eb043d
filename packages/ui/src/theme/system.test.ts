// Chakra's full theme, only to know which components have a recipe: the apps never load it.
// eslint-disable-next-line no-restricted-imports
import { recipes as chakraRecipes, slotRecipes as chakraSlotRecipes } from '@chakra-ui/react/theme';
import type { SystemContext } from '@nivesh/ui/chakra/core';
import * as chakra from '../chakra';
import * as chakraCore from '../chakraCore';
import { system } from './fullSystem';
import { coreSystem } from './system';

/** `DataList` -> `dataList`, the key Chakra files a component's recipe under. */
function recipeKey(component: string): string {
  return component.charAt(0).toLowerCase() + component.slice(1);
}

const componentsOf = (list: object) => Object.keys(list).filter((name) => /^[A-Z]/.test(name));

/** The components of `list` that have a recipe in Chakra but none in `sys`. */
function unstyled(list: object, sys: SystemContext): string[] {
  return componentsOf(list).filter((name) => {
    const key = recipeKey(name);
    if (key in chakraSlotRecipes) return !sys.isSlotRecipe(key);
    if (key in chakraRecipes) return !sys.isRecipe(key);
    return false;
  });
}

describe('the Chakra systems', () => {
  it("the signed-in pages' system styles every component Nivesh uses: each one with a recipe in Chakra has it", () => {
    expect(unstyled(chakra, system)).toEqual([]);
  });

  it("the first page's system styles every component of @nivesh/ui/chakra/core", () => {
    expect(unstyled(chakraCore, coreSystem)).toEqual([]);
  });

  it("the first page's system leaves out the recipes only the signed-in pages need (the check above can fail)", () => {
    expect(coreSystem.isSlotRecipe('dialog')).toBe(false);
    expect(unstyled({ Dialog: chakra.Dialog, Tabs: chakra.Tabs }, coreSystem)).toEqual(['Dialog', 'Tabs']);
    expect(coreSystem.isSlotRecipe('list')).toBe(true);
  });

  it("leaves out the slot recipes of components Nivesh does not use (Chakra's default has them all)", () => {
    expect(system.isSlotRecipe('datePicker')).toBe(false);
    expect(system.isSlotRecipe('tabs')).toBe(true);
    expect(system.isRecipe('button')).toBe(true);
  });

  it("keeps Chakra's tokens, with Nivesh's on top, in both", () => {
    for (const sys of [system, coreSystem]) {
      expect(sys.token('colors.brand.500')).toBe('#10b981');
      expect(sys.token('colors.red.500')).toBeDefined();
      expect(sys.token('spacing.4')).toBe('1rem');
    }
  });
});
