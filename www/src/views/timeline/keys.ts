// Every key and mouse gesture of the timeline, in one list: the toolbar's hint line and the "?"
// sheet are both made from it, so they cannot disagree with each other.

export interface Gesture {
  /** The keys or the gesture, as a person reads them ("Ctrl + wheel"). */
  input: string;
  /** What it does. */
  action: string;
  /** The few words the hint line uses (left out of the hint line when absent). */
  hint?: string;
}

export const GESTURES: readonly Gesture[] = [
  { input: 'W / S', action: 'Zoom in / out around the pointer', hint: 'W/S zoom' },
  { input: 'A / D', action: 'Pan left / right', hint: 'A/D pan' },
  { input: 'Ctrl + wheel', action: 'Zoom around the pointer (a trackpad pinch too)', hint: 'Ctrl+wheel zoom' },
  { input: 'Wheel', action: 'Scroll the tracks up and down', hint: 'wheel scroll' },
  { input: 'Shift + wheel', action: 'Pan in time (a trackpad’s sideways swipe too)', hint: 'Shift+wheel pan' },
  { input: 'Drag', action: 'Pan in time' },
  { input: 'Shift + drag', action: 'Choose a time range (Shift + click clears it)', hint: 'Shift+drag range' },
  { input: 'Click', action: 'Select a slice, instant or counter sample; its details open beside the timeline' },
  { input: 'F', action: 'Focus: zoom to the selected slice, or to the Shift + drag range', hint: 'F focus' },
  { input: '0', action: 'Zoom out to the whole profile', hint: '0 fit' },
  { input: 'M', action: 'Mark the selected slice’s span across all tracks (M again clears it)', hint: 'M mark' },
  { input: 'Shift + M', action: 'Add the selected slice’s span to the marks, keeping the others' },
  { input: 'Esc', action: 'Clear the marks; close this sheet or a menu' },
  { input: 'Right-click', action: 'On a slice: copy its name, find all slices so named, pin its track. On a track label: pin, hide, collapse' },
  { input: 'Click a group header', action: 'Fold or unfold the group’s tracks' },
  { input: 'Drag a column edge', action: 'Resize the track names column or the details panel' },
  { input: '/', action: 'Search slices by name' },
  { input: '?', action: 'Show this list', hint: '? all keys' },
];

/** The toolbar's hint line: the short forms, in list order. */
export function hintLine(): string {
  return GESTURES.flatMap((g) => (g.hint ? [g.hint] : [])).join(' · ');
}
