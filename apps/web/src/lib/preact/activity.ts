import { Component, findDOMNode, type ReactNode } from 'preact/compat';

export interface ActivityProps {
  mode?: 'visible' | 'hidden';
  name?: string;
  children?: ReactNode;
}

/**
 * React 19's `<Activity>` for the build on Preact, which lacks it (Mantine's Collapse, Tabs,
 * Transition, Stepper and Tree use it when they keep hidden content mounted). The children stay
 * mounted with their state; while hidden, their first DOM node gets `display: none !important`,
 * as React does, and its own display comes back when shown. Unlike React, the hidden subtree's
 * effects keep running: Mantine hides only content, never work.
 */
export class Activity extends Component<ActivityProps> {
  /** The node this component hid, with the display it had before. */
  private hidden: { node: HTMLElement; display: string; priority: string } | null = null;

  override componentDidMount(): void {
    this.syncVisibility();
  }

  override componentDidUpdate(): void {
    this.syncVisibility();
  }

  override componentWillUnmount(): void {
    this.show();
  }

  override render(): ReactNode {
    return this.props.children;
  }

  private syncVisibility(): void {
    // findDOMNode of a component is the first DOM node it rendered (preact/compat keeps it).
    const found = findDOMNode(this);
    const node = found instanceof HTMLElement ? found : null;
    if (this.props.mode !== 'hidden' || node !== this.hidden?.node) this.show();
    if (this.props.mode !== 'hidden' || !node) return;
    const { style } = node;
    const display = style.getPropertyValue('display');
    const priority = style.getPropertyPriority('display');
    // A re-render may have set the node's own display since it was hidden: that is the one to
    // give back.
    if (!this.hidden || display !== 'none' || priority !== 'important')
      this.hidden = { node, display, priority };
    style.setProperty('display', 'none', 'important');
  }

  private show(): void {
    if (!this.hidden) return;
    const { node, display, priority } = this.hidden;
    if (display) node.style.setProperty('display', display, priority);
    else node.style.removeProperty('display');
    this.hidden = null;
  }
}
