package io.kvmapper.it.databind;

import java.util.List;
import java.util.Objects;

/** A plain bean (no-argument constructor, getters and setters) that Jackson databind writes. */
public class Settings {
    private boolean pinned;
    private String color;
    private List<String> labels;

    /** For databind, and for tests. */
    public Settings() {
    }

    Settings(boolean pinned, String color, List<String> labels) {
        this.pinned = pinned;
        this.color = color;
        this.labels = labels;
    }

    public boolean isPinned() {
        return pinned;
    }

    public void setPinned(boolean pinned) {
        this.pinned = pinned;
    }

    public String getColor() {
        return color;
    }

    public void setColor(String color) {
        this.color = color;
    }

    public List<String> getLabels() {
        return labels;
    }

    public void setLabels(List<String> labels) {
        this.labels = labels;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Settings s && pinned == s.pinned && Objects.equals(color, s.color)
                && Objects.equals(labels, s.labels);
    }

    @Override
    public int hashCode() {
        return Objects.hash(pinned, color, labels);
    }

    @Override
    public String toString() {
        return "Settings[pinned=" + pinned + ", color=" + color + ", labels=" + labels + "]";
    }
}
