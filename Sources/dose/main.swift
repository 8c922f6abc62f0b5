print("dose")
