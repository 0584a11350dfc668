-- expect: ^$
-- exit: 0
function scene()
    local ok, elapsed = pcall(wait, 1)
    assert(ok and elapsed >= 1, "pcall(wait, 1) did not wait")
    print("waited inside pcall")
end
