package io.kvmapper.processor.names;

import com.palantir.javapoet.NameAllocator;

/**
 * The names of one generated method's parameters and locals, so that none clashes with another, however the
 * user named the fields and key components the method takes. Names from the user's code (and the names a
 * contract fixes) are kept as they are and taken first; the method's own parameters and locals then get
 * their plain name ({@code page}, {@code from}, {@code current}), or, only when something already has it, the
 * name with a suffix ({@code page_}). Backed by JavaPoet's {@link NameAllocator}.
 */
public final class MethodNames {
    private final NameAllocator allocator;

    private MethodNames(NameAllocator allocator) {
        this.allocator = allocator;
    }

    /** The names of a new method that takes {@code kept} as they are, in order, before anything else. */
    public static MethodNames keeping(Iterable<String> kept) {
        MethodNames names = new MethodNames(new NameAllocator());
        kept.forEach(names::keep);
        return names;
    }

    /**
     * Takes {@code name} as it is: the name of a user's field or key component, or one that a contract fixes.
     *
     * @throws IllegalStateException if it is taken already, which the validator rules out for user names
     */
    public String keep(String name) {
        String allocated = allocator.newName(name);
        if (!allocated.equals(name)) {
            throw new IllegalStateException("the generated name " + name + " is taken already");
        }
        return name;
    }

    /** A name for one of the method's own parameters or locals: {@code suggestion}, with a suffix if it is taken. */
    public String newName(String suggestion) {
        return allocator.newName(suggestion);
    }

    /**
     * The names of a block or lambda inside this scope: it sees every name taken here, and what it takes stays
     * in it, so that sibling blocks may each declare the same local.
     */
    public MethodNames block() {
        return new MethodNames(allocator.clone());
    }
}
