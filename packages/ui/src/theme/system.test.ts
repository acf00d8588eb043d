// Chakra's full theme, only to know which components have a recipe: the apps never load it.
// eslint-disable-next-line no-restricted-imports
import { recipes as chakraRecipes, slotRecipes as chakraSlotRecipes } from '@chakra-ui/react/theme';
import * as chakra from '../chakra';
import { system } from './system';

/** `DataList` -> `dataList`, the key Chakra files a component's recipe under. */
function recipeKey(component: string): string {
  return component.charAt(0).toLowerCase() + component.slice(1);
}

const components = Object.keys(chakra).filter((name) => /^[A-Z]/.test(name));

describe('the Chakra system', () => {
  it('styles every Chakra component Nivesh uses: each one with a recipe in Chakra has it here', () => {
    const missing = components.filter((name) => {
      const key = recipeKey(name);
      if (key in chakraSlotRecipes) return !system.isSlotRecipe(key);
      if (key in chakraRecipes) return !system.isRecipe(key);
      return false;
    });
    expect(missing).toEqual([]);
  });

  it("leaves out the slot recipes of components Nivesh does not use (Chakra's default has them all)", () => {
    expect(system.isSlotRecipe('datePicker')).toBe(false);
    expect(system.isSlotRecipe('tabs')).toBe(true);
    expect(system.isRecipe('button')).toBe(true);
  });

  it("keeps Chakra's tokens, with Nivesh's on top", () => {
    expect(system.token('colors.brand.500')).toBe('#10b981');
    expect(system.token('colors.red.500')).toBeDefined();
    expect(system.token('spacing.4')).toBe('1rem');
  });
});
